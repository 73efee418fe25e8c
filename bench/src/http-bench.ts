import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { ServerProcess } from './server-process';
import { writeBenchmarkSection } from './write-benchmarks';

// Server CPU time per request, side by side with raw node:http and Fastify, in one run.
// The server runs on CPU 0, this driver (autocannon) on CPU 1. Only 127.0.0.1 is contacted, and every
// load run is bounded by DURATION seconds. Each server process is warmed up for WARMUP seconds (the
// JIT has optimised the request path by then) before its CPU time is read.
const SERVERS = ['raw', 'fastify', 'framework'] as const;
const PATHS = ['/', '/ping', '/post/42'];
const DURATION = Number(process.env.BENCH_DURATION ?? 4);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const MODES = [
  { name: '1 in flight per connection', pipelining: 1 },
  { name: 'pipelining 10', pipelining: 10 },
];

interface Sample {
  cpuMicrosPerRequest: number;
  requestsPerSecond: number;
}

async function measure(server: string, pipelining: number): Promise<Sample> {
  const process = await ServerProcess.start(server, 0);
  try {
    const url = `http://127.0.0.1:${process.port}`;
    await autocannon({
      url,
      connections: 10,
      pipelining,
      duration: WARMUP,
      requests: PATHS.map((path) => ({ path })),
    });
    const before = await process.cpuMicros();
    const result = await autocannon({
      url,
      connections: 10,
      pipelining,
      duration: DURATION,
      requests: PATHS.map((path) => ({ path })),
    });
    const used = (await process.cpuMicros()) - before;
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${server}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return { cpuMicrosPerRequest: used / result.requests.total, requestsPerSecond: result.requests.average };
  } finally {
    await process.stop();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function spread(values: number[]): string {
  return `${Math.min(...values).toFixed(1)}-${Math.max(...values).toFixed(1)}`;
}

async function main(): Promise<void> {
  // -a: every thread of this process (V8's GC and compiler workers too), not only the main one, so
  // none of them runs on the server's CPU.
  execFileSync('taskset', ['-acp', '1', String(process.pid)], { stdio: 'ignore' });
  const loadBefore = loadavg()[0]!;
  if (loadBefore > 0.5) console.warn(`load average ${loadBefore.toFixed(2)}: the machine is not quiet`);
  const rows: string[] = [];
  for (const mode of MODES) {
    const samples = new Map<string, Sample[]>(SERVERS.map((server) => [server, []]));
    for (let round = 0; round < ROUNDS; round++) {
      const order = SERVERS.map((_, i) => SERVERS[(i + round) % SERVERS.length]!);
      for (const server of order) {
        const sample = await measure(server, mode.pipelining);
        samples.get(server)!.push(sample);
        console.log(
          `${mode.name}, round ${round + 1}, ${server}: ${sample.cpuMicrosPerRequest.toFixed(1)} µs CPU/req, ${Math.round(sample.requestsPerSecond)} req/s`,
        );
      }
    }
    const rawCpu = median(samples.get('raw')!.map((s) => s.cpuMicrosPerRequest));
    for (const server of SERVERS) {
      const cpus = samples.get(server)!.map((s) => s.cpuMicrosPerRequest);
      const cpu = median(cpus);
      const rps = median(samples.get(server)!.map((s) => s.requestsPerSecond));
      rows.push(
        `| ${mode.name} | ${server} | ${cpu.toFixed(1)} | ${spread(cpus)} | ${(cpu / rawCpu).toFixed(2)} | ${Math.round(rps)} |`,
      );
    }
  }
  const table = [
    '| load | server | CPU µs per request (median) | min-max | ratio to raw node:http | req/s (median, noisy) |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
  console.log(`\n${table}`);
  const load = `load average ${loadBefore.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after`;
  writeBenchmarkSection(
    'HTTP throughput',
    `GET ${PATHS.join(', ')} in rotation; ${ROUNDS} rounds of ${DURATION} s per server and load after a ${WARMUP} s warm-up of each server process, order rotated per round; server on CPU 0, autocannon (10 connections) on CPU 1; 127.0.0.1 only; ${load}.\n\nCommand: \`npm run bench:http --workspace bench\`\n\n${table}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
