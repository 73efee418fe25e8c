import { execFileSync, spawn } from 'node:child_process';
import type { LoadResult, LoadRun } from './load-run';

/** The Debian package that ships h2load. */
const PACKAGE = 'nghttp2-client';

let checked = false;

/**
 * Makes sure `h2load` is on the PATH: when it is not, installs it with apt-get as root, and otherwise
 * throws an error that names the package to install.
 */
export function ensureH2load(): void {
  if (checked) return;
  if (!hasCommand('h2load')) {
    if (process.getuid?.() !== 0 || !hasCommand('apt-get')) {
      throw new Error(`h2load is not installed: install it (Debian/Ubuntu: apt-get install ${PACKAGE}).`);
    }
    console.log(`h2load is not installed: apt-get install -y ${PACKAGE}`);
    execFileSync('apt-get', ['install', '-y', PACKAGE], { stdio: 'inherit' });
    if (!hasCommand('h2load'))
      throw new Error(`apt-get installed ${PACKAGE}, but h2load is still not on the PATH.`);
  }
  checked = true;
}

function hasCommand(name: string): boolean {
  try {
    execFileSync(name, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs h2load (one thread, which inherits this process's CPU affinity) with `connections` sessions and
 * `run.inFlight` concurrent streams each, for `run.duration` seconds, rotating through the paths.
 */
export async function runH2load(run: LoadRun, connections: number): Promise<LoadResult> {
  ensureH2load();
  const urls = run.requests.map((request) => {
    if ((request.method ?? 'GET') !== 'GET' || request.body !== undefined || request.headers !== undefined) {
      throw new Error(
        `the h2c driver sends plain GET requests only, got ${request.method ?? 'GET'} ${request.path}`,
      );
    }
    return `http://127.0.0.1:${run.port}${request.path ?? '/'}`;
  });
  const args = [
    '-c',
    String(connections),
    '-m',
    String(run.inFlight),
    '-t',
    '1',
    '-D',
    String(run.duration),
    ...urls,
  ];
  const output = await collect('h2load', args);
  return parseH2load(output);
}

function collect(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} exited with ${code}:\n${output}`)),
    );
  });
}

/** Reads the counts of h2load's summary ("finished in 4.00s, 25000.00 req/s", "requests: ...", "status codes: ..."). */
export function parseH2load(output: string): LoadResult {
  const finished = /finished in [\d.]+\w+, ([\d.]+) req\/s/.exec(output);
  const counts =
    /requests: (\d+) total, (\d+) started, (\d+) done, (\d+) succeeded, (\d+) failed, (\d+) errored, (\d+) timeout/.exec(
      output,
    );
  const codes = /status codes: (\d+) 2xx, (\d+) 3xx, (\d+) 4xx, (\d+) 5xx/.exec(output);
  if (finished === null || counts === null || codes === null)
    throw new Error(`unexpected h2load output:\n${output}`);
  const [, , , done, , failed, errored, timeout] = counts.map(Number);
  const [, , redirects, clientErrors, serverErrors] = codes.map(Number);
  const bad = failed! + errored! + timeout! + redirects! + clientErrors! + serverErrors!;
  return {
    requests: done!,
    requestsPerSecond: Number(finished[1]),
    failure:
      bad > 0
        ? `${failed} failed, ${errored} errored, ${timeout} timed out, ${redirects} 3xx, ${clientErrors} 4xx, ${serverErrors} 5xx`
        : undefined,
  };
}
