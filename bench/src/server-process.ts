import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { createInterface } from 'node:readline';
import { basename, join } from 'node:path';
import { buildSync } from 'esbuild';

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
    // Bun runs TypeScript itself; Node runs the script as JavaScript (see compileServer).
    const run = basename(execPath) === 'bun' ? [script] : [compileServer(name, script)];
    const child = spawn('taskset', ['-c', String(cpu), execPath, ...run], {
      stdio: ['pipe', 'pipe', 'inherit'],
      env: { ...process.env, ...env, NODE_ENV: 'production' },
    });
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const listening = await nextLineMatching(lines, /^listening (\d+)$/);
    if (listening === undefined) throw new Error(`${name} exited before it announced its port`);
    return new ServerProcess(child, lines, Number(listening[1]));
  }

  /** CPU time (user + system) the server has used so far, in microseconds. */
  async cpuMicros(): Promise<number> {
    this.child.stdin.write('cpu\n');
    const answer = await nextLineMatching(this.lines, /^cpu (\d+)$/);
    if (answer === undefined) throw new Error('the server exited before it reported its CPU time');
    return Number(answer[1]);
  }

  async stop(): Promise<void> {
    const exited = new Promise((done) => this.child.once('exit', done));
    this.child.stdin.end();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 2000);
    await exited;
    clearTimeout(timer);
  }
}

/**
 * Compiles a server script to JavaScript beside the bench, its packages left to Node's resolution, so
 * every contender runs as deployed: under a TypeScript loader such as tsx, the packages it transforms
 * (ours, whose workspace links resolve outside node_modules) would get a name-keeping wrapper on every
 * closure they create, and the packages it leaves alone (the peers, in node_modules) would not.
 */
function compileServer(name: string, script: string): string {
  const outfile = join(__dirname, '..', '.servers', `${name}.cjs`);
  buildSync({
    entryPoints: [script],
    outfile,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'error',
  });
  return outfile;
}

/** The next line of the announce protocol, skipping what else the server prints (such as run()'s own start line). */
async function nextLineMatching(
  lines: AsyncIterator<string>,
  pattern: RegExp,
): Promise<RegExpExecArray | undefined> {
  for (let line = await lines.next(); !line.done; line = await lines.next()) {
    const match = pattern.exec(String(line.value));
    if (match !== null) return match;
  }
  return undefined;
}
