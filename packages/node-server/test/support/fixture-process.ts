import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';

// Fixtures run from the built package with plain `node`: no transpiling in the child, so the tests
// do not depend on how busy the machine is. turbo builds the package before its tests.
const built = join(__dirname, '..', '..', 'dist', 'index.js');

export interface Fixture {
  readonly child: ChildProcessWithoutNullStreams;
  /** Everything the child wrote so far, stdout and stderr. */
  output(): string;
  readonly exited: Promise<number | null>;
}

/**
 * Starts `test/fixtures/<fixture>` (or the script at an absolute path) with plain `node`; with `maxOpenFiles`, under `ulimit -n` (through
 * `bash -c '…; exec node …'`, so the child's pid is node's).
 */
export function startFixture(
  fixture: string,
  env: NodeJS.ProcessEnv = {},
  options: { readonly maxOpenFiles?: number } = {},
): Fixture {
  if (!existsSync(built)) {
    throw new Error(
      `${built} is missing: build the package first (npm run build; turbo runs it before test).`,
    );
  }
  const script = isAbsolute(fixture) ? fixture : join(__dirname, '..', 'fixtures', fixture);
  const spawnOptions = { stdio: 'pipe', env: { ...process.env, ...env } } as const;
  const child =
    options.maxOpenFiles === undefined
      ? spawn(process.execPath, [script], spawnOptions)
      : spawn(
          'bash',
          ['-c', `ulimit -n ${options.maxOpenFiles}; exec "$0" "$1"`, process.execPath, script],
          spawnOptions,
        );
  let text = '';
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => (text += chunk));
  child.stderr.on('data', (chunk: string) => (text += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

/** Resolves when the child's output matches; rejects, with the output, if the child exits or fails first. */
export function waitFor(fixture: Fixture, pattern: RegExp): Promise<RegExpMatchArray> {
  return waitUntil(fixture, (output) => output.match(pattern) ?? undefined, String(pattern));
}

/** Resolves with every match of `pattern` (global) once there are at least `count` of them. */
export function waitForAll(fixture: Fixture, pattern: RegExp, count: number): Promise<RegExpMatchArray[]> {
  return waitUntil(
    fixture,
    (output) => {
      const found = [...output.matchAll(pattern)];
      return found.length >= count ? found : undefined;
    },
    `${count} × ${String(pattern)}`,
  );
}

function waitUntil<T>(
  { child, output }: Fixture,
  find: (output: string) => T | undefined,
  what: string,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const stop = (): void => {
      child.stdout.off('data', check);
      child.stderr.off('data', check);
      child.off('exit', onExit);
      child.off('error', onError);
    };
    const check = (): void => {
      const found = find(output());
      if (found !== undefined) {
        stop();
        resolve(found);
      }
    };
    const onExit = (code: number | null, signal: string | null): void => {
      stop();
      reject(
        new Error(
          `The fixture exited (code ${code}, signal ${signal}) before writing ${what}. Its output:\n${output()}`,
        ),
      );
    };
    const onError = (error: Error): void => {
      stop();
      reject(error);
    };
    child.stdout.on('data', check);
    child.stderr.on('data', check);
    child.once('exit', onExit);
    child.once('error', onError);
    check();
    if (child.exitCode !== null || child.signalCode !== null) onExit(child.exitCode, child.signalCode);
  });
}

/** Kills the child (and so, through IPC, its workers) if it is still running. */
export function stopFixture({ child }: Fixture): void {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** A record a fixture logged through test/fixtures/line-logger.js. */
export interface LogLine {
  readonly level: 'debug' | 'info' | 'warn' | 'error';
  readonly pid: number;
  readonly msg: string;
  readonly [field: string]: unknown;
}

/** The records the fixture has logged so far through line-logger.js, in order. */
export function logLines(fixture: Fixture): LogLine[] {
  return [...fixture.output().matchAll(/^log (.*)$/gm)].map((match) => JSON.parse(match[1] as string));
}
