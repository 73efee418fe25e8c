import { describe, expect, test } from '@jest/globals';
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';

// The fixture runs from the built package with plain `node`: no transpiling in the child, so the test
// does not depend on how busy the machine is. turbo builds the package before its tests.
const fixture = join(__dirname, 'fixtures', 'slow-server.js');
const built = join(__dirname, '..', 'dist', 'index.js');

interface Fixture {
  readonly child: ChildProcessWithoutNullStreams;
  /** Everything the child wrote so far, stdout and stderr. */
  output(): string;
  readonly exited: Promise<number | null>;
}

function startFixture(): Fixture {
  if (!existsSync(built)) {
    throw new Error(
      `${built} is missing: build the package first (npm run build; turbo runs it before test).`,
    );
  }
  const child = spawn(process.execPath, [fixture], { stdio: 'pipe' });
  let text = '';
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => (text += chunk));
  child.stderr.on('data', (chunk: string) => (text += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

/** Resolves when the child's output matches; rejects, with the output, if the child exits or fails first. */
function waitFor({ child, output }: Fixture, pattern: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const stop = (): void => {
      child.stdout.off('data', check);
      child.stderr.off('data', check);
      child.off('exit', onExit);
      child.off('error', onError);
    };
    const check = (): void => {
      const found = output().match(pattern);
      if (found) {
        stop();
        resolve(found);
      }
    };
    const onExit = (code: number | null, signal: string | null): void => {
      stop();
      reject(
        new Error(
          `The fixture exited (code ${code}, signal ${signal}) before writing ${pattern}. Its output:\n${output()}`,
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

describe('run() and signals', () => {
  test.each(['SIGTERM', 'SIGINT'] as const)(
    '%s: stops accepting, finishes the in-flight request, then exits 0',
    async (signal) => {
      const running = startFixture();
      try {
        const [, port] = await waitFor(running, /listening (\d+)/);
        const pending = request(`http://127.0.0.1:${port}/slow`);
        pending.catch(() => undefined); // awaited below; this only keeps an early failure handled
        await waitFor(running, /started/);
        running.child.kill(signal);
        const response = await pending;
        expect(response.statusCode).toBe(200);
        expect(response.headers.connection).toBe('close');
        expect(await response.body.text()).toBe('finished');
        expect(await running.exited).toBe(0);
        expect(running.output()).toContain('exit 0');
      } finally {
        if (running.child.exitCode === null && running.child.signalCode === null)
          running.child.kill('SIGKILL');
      }
    },
    60_000,
  );
});
