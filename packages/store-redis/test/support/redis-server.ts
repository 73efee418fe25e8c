import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createServer } from 'node:net';
import { delimiter, join } from 'node:path';
import { describe } from '@jest/globals';

const INSTALL = 'packages/store-redis/scripts/install-redis.sh';

/** Where `redis-server` is, or undefined when it is not installed. */
export function findRedisServer(): string | undefined {
  const directories = (process.env.PATH ?? '').split(delimiter).concat('/usr/bin', '/usr/sbin');
  for (const directory of directories) {
    const candidate = join(directory, 'redis-server');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/**
 * `describe` when `redis-server` is installed. Without it, under CI (the CI variable set) the file
 * fails with how to install it; elsewhere its cases are skipped, and the reason is printed.
 */
export function describeWithRedis(name: string, cases: () => void): void {
  if (findRedisServer() !== undefined) {
    describe(name, cases);
    return;
  }
  const message = `redis-server is not installed: run \`bash ${INSTALL}\` (Debian's redis-server package).`;
  if (process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false')
    throw new Error(message);
  console.warn(`Skipping "${name}": ${message}`);
  describe.skip(name, cases);
}

/** A redis-server this test file started on a port of 127.0.0.1. */
export interface RunningRedis {
  readonly port: number;
  readonly url: string;
  readonly pid: number;
  /** Sends `signal` to the server (SIGKILL: killed mid-run; SIGSTOP: alive but silent). */
  signal(signal: NodeJS.Signals): void;
  /** Stops the server by its PID and waits until it has exited. */
  stop(): Promise<void>;
}

/** Starts `redis-server` without persistence on a free port (or `port`), and waits until it is ready. */
export async function startRedis(port?: number): Promise<RunningRedis> {
  const binary = findRedisServer();
  if (binary === undefined) throw new Error('redis-server is not installed');
  const chosen = port ?? (await freePort());
  const child = spawn(
    binary,
    ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await ready(child, chosen);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return {
    port: chosen,
    url: `redis://127.0.0.1:${chosen}`,
    pid: child.pid as number,
    signal: (signal) => {
      process.kill(child.pid as number, signal);
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        process.kill(child.pid as number, 'SIGCONT');
        process.kill(child.pid as number, 'SIGKILL');
      }
      await exited;
    },
  };
}

function ready(child: ChildProcess, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => fail(new Error(`redis-server did not start on port ${port}:\n${output}`)),
      10_000,
    );
    const fail = (error: Error): void => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    const listen = (chunk: Buffer): void => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', listen);
    child.stderr?.on('data', listen);
    child.once('exit', (code) =>
      fail(new Error(`redis-server exited (${String(code)}) on port ${port}:\n${output}`)),
    );
    child.once('error', fail);
  });
}

/** A port of 127.0.0.1 that nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address !== null
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}
