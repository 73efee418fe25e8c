import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** The repository root: Deno finds the workspace packages only when started from there. */
export const REPOSITORY_ROOT = join(__dirname, '..', '..');

/** A sample server started in its own process on 127.0.0.1, and how to stop it. */
export interface RunningSample {
  readonly origin: string;
  /** Sends SIGTERM and resolves to the exit code. */
  stop(): Promise<number | null>;
}

/** Starts `command` with PORT (and HOST) set to a free port, and waits until it answers `GET /`. */
export async function serveSample(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
): Promise<RunningSample> {
  const port = await freePort();
  const child = spawn(command, args, {
    cwd: REPOSITORY_ROOT,
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    return child.exitCode;
  };
  try {
    await waitUntilAnswering(origin, child);
  } catch (error) {
    await stop();
    throw new Error(`${command} ${args.join(' ')} did not serve: ${(error as Error).message}\n${stderr}`, {
      cause: error,
    });
  }
  return { origin, stop };
}

async function waitUntilAnswering(origin: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}`);
    try {
      await fetch(`${origin}/`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error('no answer within 300 attempts');
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}
