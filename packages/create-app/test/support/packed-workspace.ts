import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The repository root, seen from this package's tests. */
export const REPO_ROOT = resolve(__dirname, '../../../..');

/**
 * Every published `@framework` package, by folder under packages/: the packages `npm run create-app`
 * packs (scripts/create-from-clone.js), so a new package is packed here too.
 */
export const FRAMEWORK_PACKAGES: readonly string[] = readdirSync(join(REPO_ROOT, 'packages')).filter(
  (folder) => {
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'packages', folder, 'package.json'), 'utf8'));
    return manifest.name.startsWith('@framework/') && manifest.private !== true;
  },
);

/** Runs a command to completion and returns its standard output; throws with its output on failure. */
export function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'test' },
  });
}

/** Packs every `@framework` package (as built) into `destination` with `npm pack`. */
export function packFrameworkPackages(destination: string): void {
  for (const name of FRAMEWORK_PACKAGES) {
    run('npm', ['pack', '--silent', '--pack-destination', destination], join(REPO_ROOT, 'packages', name));
  }
}

/** Resolves with the port once the process prints "Listening on http://host:port". */
function listeningPort(child: ChildProcess, output: () => string): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The project did not start serving:\n${output()}`)),
      60_000,
    );
    const onData = (): void => {
      const match = /Listening on http:\/\/[^:]+:(\d+)/.exec(output());
      if (match) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`The project exited early:\n${output()}`));
    });
  });
}

/** Sends SIGTERM to a child still running and waits for it to exit. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

/** Sends SIGTERM to the process group `child` leads (see `startProcess`) and waits for `child` to exit. */
export async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise((done) => child.once('exit', done));
  process.kill(-child.pid, 'SIGTERM');
  await exited;
}

/** SIGKILLs whatever is left of the process group `child` led (see `startProcess`), orphans included. */
export function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // ESRCH: nothing of the group is left
  }
}

/**
 * Starts `node <file>` in `cwd` and resolves, once it prints that it listens, with the process and its
 * base URL. A process that fails to start is stopped before the error is thrown.
 */
export function startServer(
  file: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; base: string }> {
  return startProcess(process.execPath, [file], cwd, env);
}

/**
 * Like `startServer`, for any command that ends up serving (`npm start`): `child` is that command.
 * With `group`, it leads a process group of its own, for `stopGroup` (watch modes spawn more).
 */
export async function startProcess(
  command: string,
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  { group = false }: { group?: boolean } = {},
): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: group,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    return { child, base: `http://127.0.0.1:${await listeningPort(child, () => output)}` };
  } catch (error) {
    await (group ? stopGroup(child) : stop(child));
    throw error;
  }
}

/** Whether anything answers HTTP at `base` (a refused connection is `false`). */
export async function answers(base: string): Promise<boolean> {
  try {
    await fetch(`${base}/ping`, { signal: AbortSignal.timeout(5_000) });
    return true;
  } catch {
    return false;
  }
}

/** Whether `base` stops answering within `ms` (a graceful shutdown may take a moment). */
export async function fallsSilent(base: string, ms = 5_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!(await answers(base))) return true;
    await new Promise((done) => setTimeout(done, 200));
  }
  return false;
}
