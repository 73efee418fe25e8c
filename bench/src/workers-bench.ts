import autocannon from 'autocannon';
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { median, MODES, PATHS } from './http-measure';
import { processTreeCpuMicros } from './process-tree-cpu';
import { writeBenchmarkSection } from './write-benchmarks';

// run({ workers: 1 }) against run({ workers: 2 }) on this 2-vCPU machine: req/s, and the CPU time per
// request of the whole server (primary and workers) and of the load generator. Nothing is pinned: the
// workers may use both CPUs, and autocannon (in this process) shares them, so two workers can never
// get two whole CPUs here. Only 127.0.0.1 is contacted; every load run lasts DURATION seconds.
const WORKER_COUNTS = [1, 2];
const CONNECTIONS = 20;
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SERVER = join(__dirname, 'servers', 'framework-workers.ts');

interface Sample {
  requestsPerSecond: number;
  serverCpuMicrosPerRequest: number;
  driverCpuMicrosPerRequest: number;
}

type ServerChild = ChildProcessByStdio<null, Readable, null>;

async function startServer(workers: number): Promise<{ child: ServerChild; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', WORKERS: String(workers) },
  });
  let port = 0;
  let listening = 0;
  for await (const line of createInterface({ input: child.stdout })) {
    const match = /^listening (\d+)$/.exec(line);
    if (match) {
      port = Number(match[1]);
      listening += 1;
    }
    if (listening === workers) break;
  }
  if (listening < workers) throw new Error(`the server with ${workers} worker(s) did not start`);
  return { child, port };
}

async function stopServer(child: ServerChild): Promise<void> {
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

function load(port: number, pipelining: number, duration: number) {
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    pipelining,
    duration,
    requests: PATHS.map((path) => ({ path })),
  });
}

async function measure(workers: number, pipelining: number): Promise<Sample> {
  const { child, port } = await startServer(workers);
  try {
    await load(port, pipelining, WARMUP);
    const serverBefore = processTreeCpuMicros(child.pid as number);
    const driverBefore = process.cpuUsage();
    const result = await load(port, pipelining, DURATION);
    const serverUsed = processTreeCpuMicros(child.pid as number) - serverBefore;
    const driver = process.cpuUsage(driverBefore);
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${workers} worker(s): ${result.non2xx} non-2xx, ${result.errors} errors`);
    const total = result.requests.total;
    return {
      requestsPerSecond: total / DURATION,
      serverCpuMicrosPerRequest: serverUsed / total,
      driverCpuMicrosPerRequest: (driver.user + driver.system) / total,
    };
  } finally {
    await stopServer(child);
  }
}

function spread(values: number[]): string {
  return `${Math.round(Math.min(...values))}-${Math.round(Math.max(...values))}`;
}

async function main(): Promise<void> {
  const loadBefore = loadavg()[0] as number;
  const rows: string[] = [];
  for (const mode of MODES) {
    const samples = new Map<number, Sample[]>(WORKER_COUNTS.map((count) => [count, []]));
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? WORKER_COUNTS : [...WORKER_COUNTS].reverse();
      for (const workers of order) {
        const sample = await measure(workers, mode.inFlight);
        samples.get(workers)?.push(sample);
        console.log(
          `${mode.name}, round ${round + 1}, ${workers} worker(s): ${Math.round(sample.requestsPerSecond)} req/s, ` +
            `server ${sample.serverCpuMicrosPerRequest.toFixed(1)} µs CPU/req, driver ${sample.driverCpuMicrosPerRequest.toFixed(1)} µs CPU/req`,
        );
      }
    }
    const oneWorker = median((samples.get(1) ?? []).map((sample) => sample.requestsPerSecond));
    for (const workers of WORKER_COUNTS) {
      const list = samples.get(workers) ?? [];
      const all = list.map((sample) => sample.requestsPerSecond);
      const rps = median(all);
      const server = median(list.map((sample) => sample.serverCpuMicrosPerRequest));
      const driver = median(list.map((sample) => sample.driverCpuMicrosPerRequest));
      rows.push(
        `| ${mode.name} | ${workers} | ${Math.round(rps)} | ${spread(all)} | ${(rps / oneWorker).toFixed(2)} | ${server.toFixed(1)} | ${driver.toFixed(1)} |`,
      );
    }
  }
  const table = [
    '| load | workers | req/s (median) | min-max | × 1 worker | server CPU µs per request (all its processes) | autocannon CPU µs per request |',
    '|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
  console.log(`\n${table}`);
  writeBenchmarkSection(
    'Cluster workers',
    `\`run({ workers })\` with 1 (no cluster) and 2 workers, GET ${PATHS.join(', ')} in rotation, ${CONNECTIONS} ` +
      `connections, ${ROUNDS} rounds of ${DURATION} s per setting after a ${WARMUP} s warm-up, order alternated per ` +
      `round, 127.0.0.1 only; load average ${loadBefore.toFixed(2)} before, ${(loadavg()[0] as number).toFixed(2)} after.\n\n` +
      'The machine has 2 vCPUs and the load generator (autocannon, in the driver process) runs on them too, unpinned: ' +
      'two workers never get two whole CPUs, so the req/s gain here is a floor, not what two workers give on a ' +
      'machine whose clients are elsewhere. The server CPU column sums the primary and every worker (from ' +
      '`/proc/PID/stat`); it shows what the cluster costs per request (the primary hands each connection to a ' +
      'worker, round-robin), which holds on any machine. With a load average above about 1, other work shares ' +
      'the 2 vCPUs and the req/s figures say little: compare the CPU columns.\n\n' +
      `Command: \`npm run bench:workers --workspace bench\`\n\n${table}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
