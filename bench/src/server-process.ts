import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { createInterface } from 'node:readline';
import { basename, join } from 'node:path';

/** A benchmarked server running in its own process, pinned to one CPU. */
export class ServerProcess {
  private constructor(
    private readonly child: ChildProcessByStdio<Writable, Readable, null>,
    private readonly lines: AsyncIterator<string>,
    readonly port: number,
  ) {}

  /**
   * Starts `servers/<name>.ts` pinned to `cpu`, on `execPath` (this process's Node.js by default, or a
   * `bun` binary), with
   * `env` added to this process's environment.
   */
  static async start(
    name: string,
    cpu: number,
    env: Readonly<Record<string, string>> = {},
    execPath = process.execPath,
  ): Promise<ServerProcess> {
    const script = join(__dirname, 'servers', `${name}.ts`);
    // Bun runs TypeScript itself; Node loads it through tsx.
    const run = basename(execPath) === 'bun' ? [script] : ['--import', 'tsx', script];
    const child = spawn('taskset', ['-c', String(cpu), execPath, ...run], {
      stdio: ['pipe', 'pipe', 'inherit'],
      env: { ...process.env, ...env, NODE_ENV: 'production' },
    });
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const first = await lines.next();
    const match = /^listening (\d+)$/.exec(String(first.value));
    if (first.done || !match) throw new Error(`${name} did not start: ${String(first.value)}`);
    return new ServerProcess(child, lines, Number(match[1]));
  }

  /** CPU time (user + system) the server has used so far, in microseconds. */
  async cpuMicros(): Promise<number> {
    this.child.stdin.write('cpu\n');
    const line = await this.lines.next();
    return Number(String(line.value).slice(4));
  }

  async stop(): Promise<void> {
    const exited = new Promise((done) => this.child.once('exit', done));
    this.child.stdin.end();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 2000);
    await exited;
    clearTimeout(timer);
  }
}
