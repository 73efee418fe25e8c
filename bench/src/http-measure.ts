import type autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { driveLoad, type Transport } from './load/drive-load';
import { ServerProcess } from './server-process';

// Server CPU time per request: the server runs on CPU 0, the driver (autocannon, or h2load for h2c)
// on CPU 1. Only 127.0.0.1 is contacted, and every load run is bounded by DURATION seconds. Each server
// process is warmed up for WARMUP seconds (the JIT has optimised the request path by then) before its
// CPU time is read.
export const DURATION = Number(process.env.BENCH_DURATION ?? 4);
export const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);

// Other processes inflate the server's CPU time per request: on its CPU through shared caches and
// switches, on the driver's CPU by slowing autocannon, so each wake-up of the server finds fewer
// requests to batch. A sample during which they used more than MAX_FOREIGN of either CPU is measured
// again, at most ATTEMPTS times, and the least disturbed one is kept.
export const SERVER_CPU = 0;
export const DRIVER_CPU = 1;
export const MAX_FOREIGN = 0.05;
export const ATTEMPTS = 3;
/** Longest wait, in seconds, for a quiet second on both CPUs before each attempt. */
const QUIET_WAIT = Number(process.env.BENCH_QUIET_WAIT ?? 30);
const USER_HZ = 100;

export interface Sample {
  cpuMicrosPerRequest: number;
  requestsPerSecond: number;
  /** Largest share of CPU 0 or CPU 1 used by other processes while this sample ran. */
  foreign: number;
}

/** Busy time (user, nice, system, irq, softirq) of one CPU so far, in microseconds, from /proc/stat. */
function cpuBusyMicros(cpu: number): number {
  const line = readFileSync('/proc/stat', 'utf8')
    .split('\n')
    .find((each) => each.startsWith(`cpu${cpu} `));
  if (line === undefined) return Number.NaN;
  const [user, nice, system, , , irq, softirq] = line.trim().split(/\s+/).slice(1).map(Number);
  return ((user! + nice! + system! + irq! + softirq!) * 1e6) / USER_HZ;
}

/**
 * CPU time of this process (the driver, autocannon included) and of the children it has waited for
 * (h2load, once it has exited), in microseconds.
 */
function ownCpuMicros(): number {
  const { user, system } = process.cpuUsage();
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // cutime and cstime, counted after the command name's closing parenthesis (it may hold spaces).
  const [childUser, childSystem] = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .slice(13, 15)
    .map(Number);
  return user + system + ((childUser! + childSystem!) * 1e6) / USER_HZ;
}

/** GET paths every benchmarked server answers, requested in rotation. */
export const PATHS = ['/', '/ping', '/post/42'];

/** A load: its name in the tables, and the requests in flight per connection. */
export interface Mode {
  readonly name: string;
  readonly inFlight: number;
}

/** The two HTTP/1.1 loads: one request in flight per connection, and 10 pipelined. */
export const MODES: readonly Mode[] = [
  { name: '1 in flight per connection', inFlight: 1 },
  { name: 'pipelining 10', inFlight: 10 },
];

/** The two h2c loads: one stream at a time per session, and 10 concurrent streams per session. */
export const H2C_MODES: readonly Mode[] = [
  { name: '1 stream in flight per session', inFlight: 1 },
  { name: '10 concurrent streams per session', inFlight: 10 },
];

/** What one load run sends, and how the server runs and the sample is taken. */
export interface Load {
  /** The requests the driver rotates through (h2c: plain GET requests, only their paths count). */
  readonly requests: autocannon.Request[];
  /** Requests in flight per connection: pipelined over HTTP/1.1, concurrent streams of a session over h2c. */
  readonly inFlight: number;
  /** HTTP/1.1 by default. */
  readonly transport?: Transport;
  /** Added to the server's environment. */
  readonly env?: Readonly<Record<string, string>>;
  /** Seconds of measured load: `DURATION` by default. */
  readonly duration?: number;
  /** Seconds of warm-up load on the fresh server process: `WARMUP` by default. */
  readonly warmup?: number;
  /** The Node.js binary the server runs on: the driver's own by default. */
  readonly execPath?: string;
  /** Samples taken at most while other processes disturb them: `ATTEMPTS` by default. */
  readonly attempts?: number;
  /** Longest wait for a quiet second before each, in seconds: `BENCH_QUIET_WAIT` or 30 by default. */
  readonly quietWait?: number;
}

async function measure(server: string, load: Load): Promise<Sample> {
  const running = await ServerProcess.start(server, SERVER_CPU, load.env, load.execPath);
  try {
    const run = {
      port: running.port,
      transport: load.transport ?? 'http1',
      requests: load.requests,
      inFlight: load.inFlight,
    };
    await driveLoad({ ...run, duration: load.warmup ?? WARMUP });
    const serverBusy = cpuBusyMicros(SERVER_CPU);
    const driverBusy = cpuBusyMicros(DRIVER_CPU);
    const driverBefore = ownCpuMicros();
    const start = performance.now();
    const before = await running.cpuMicros();
    const result = await driveLoad({ ...run, duration: load.duration ?? DURATION });
    const used = (await running.cpuMicros()) - before;
    const window = (performance.now() - start) * 1000;
    const driverUsed = ownCpuMicros() - driverBefore;
    const foreign = Math.max(
      0,
      (cpuBusyMicros(SERVER_CPU) - serverBusy - used) / window,
      (cpuBusyMicros(DRIVER_CPU) - driverBusy - driverUsed) / window,
    );
    if (result.failure !== undefined) throw new Error(`${server}: ${result.failure}`);
    return {
      cpuMicrosPerRequest: used / result.requests,
      requestsPerSecond: result.requestsPerSecond,
      foreign: Number.isNaN(foreign) ? 0 : foreign,
    };
  } finally {
    await running.stop();
  }
}

/** Waits (at most `limit` seconds) for one second in which other processes leave both CPUs alone. */
async function waitForQuiet(limit: number): Promise<void> {
  for (let waited = 0; waited < limit; waited++) {
    const server = cpuBusyMicros(SERVER_CPU);
    const driver = cpuBusyMicros(DRIVER_CPU);
    const own = ownCpuMicros();
    await new Promise((done) => setTimeout(done, 1000));
    const foreign = Math.max(
      (cpuBusyMicros(SERVER_CPU) - server) / 1e6,
      (cpuBusyMicros(DRIVER_CPU) - driver - (ownCpuMicros() - own)) / 1e6,
    );
    if (!(foreign > MAX_FOREIGN)) return;
  }
}

/** A sample taken while both CPUs were (nearly) free of other work, or the least disturbed of ATTEMPTS. */
export async function measureQuiet(server: string, load: Load): Promise<Sample> {
  let best: Sample | undefined;
  const attempts = load.attempts ?? ATTEMPTS;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    await waitForQuiet(load.quietWait ?? QUIET_WAIT);
    const sample = await measure(server, load);
    if (best === undefined || sample.foreign < best.foreign) best = sample;
    if (sample.foreign <= MAX_FOREIGN) break;
    console.log(`  ${server}: other processes used ${percent(sample.foreign)} of a CPU, measuring again`);
  }
  return best!;
}

export function percent(share: number): string {
  return `${(share * 100).toFixed(1)} %`;
}

/** The undisturbed samples when there are at least three, else all of them. */
export function quietest(samples: Sample[]): Sample[] {
  const quiet = samples.filter((sample) => sample.foreign <= MAX_FOREIGN);
  return quiet.length >= 3 ? quiet : samples;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export function spread(values: number[]): string {
  return `${Math.min(...values).toFixed(1)}-${Math.max(...values).toFixed(1)}`;
}

/**
 * Pins this process to the driver's CPU. -a: every thread of this process (V8's GC and compiler
 * workers too), not only the main one, so none of them runs on the server's CPU.
 */
export function pinDriver(): void {
  execFileSync('taskset', ['-acp', String(DRIVER_CPU), String(process.pid)], { stdio: 'ignore' });
}

/** How the samples were taken and how disturbed they were, for BENCHMARKS.md. */
export function samplingNote(loadBefore: number, disturbed: number, kept: number): string {
  return (
    `load average ${loadBefore.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after. Each sample waits for a quiet ` +
    `second and is taken again (up to ${ATTEMPTS} times) while other processes use more than ` +
    `${percent(MAX_FOREIGN)} of CPU ${SERVER_CPU} or ${DRIVER_CPU}; the medians use the undisturbed samples when ` +
    `a server has three or more; ${disturbed} of the ${kept} samples used were disturbed`
  );
}

/**
 * Keeps, for each server, its undisturbed samples when it has three or more (else all of them), and
 * counts the samples kept and how many of those were disturbed.
 */
export function keepQuietest(samples: Map<string, Sample[]>): { kept: number; disturbed: number } {
  let kept = 0;
  let disturbed = 0;
  for (const [server, all] of samples) {
    const used = quietest(all);
    kept += used.length;
    disturbed += used.filter((sample) => sample.foreign > MAX_FOREIGN).length;
    samples.set(server, used);
  }
  return { kept, disturbed };
}
