import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import {
  ATTEMPTS,
  DRIVER_CPU,
  MAX_FOREIGN,
  MODES,
  PATHS,
  SERVER_CPU,
  median,
  measureQuiet,
  percent,
  quietest,
  spread,
  type Sample,
} from './http-measure';
import { writeBenchmarkSection } from './write-benchmarks';

// Server CPU time per request, side by side with raw node:http and Fastify, in one run (see
// http-measure.ts for how one sample is taken).
const SERVERS = ['raw', 'fastify', 'framework'] as const;
const DURATION = Number(process.env.BENCH_DURATION ?? 4);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

async function main(): Promise<void> {
  // -a: every thread of this process (V8's GC and compiler workers too), not only the main one, so
  // none of them runs on the server's CPU.
  execFileSync('taskset', ['-acp', String(DRIVER_CPU), String(process.pid)], { stdio: 'ignore' });
  const loadBefore = loadavg()[0]!;
  if (loadBefore > 0.5) console.warn(`load average ${loadBefore.toFixed(2)}: the machine is not quiet`);
  const rows: string[] = [];
  let kept = 0;
  let disturbed = 0;
  for (const mode of MODES) {
    const samples = new Map<string, Sample[]>(SERVERS.map((server) => [server, []]));
    for (let round = 0; round < ROUNDS; round++) {
      const order = SERVERS.map((_, i) => SERVERS[(i + round) % SERVERS.length]!);
      for (const server of order) {
        const sample = await measureQuiet(server, mode.pipelining, { duration: DURATION, warmup: WARMUP });
        samples.get(server)!.push(sample);
        console.log(
          `${mode.name}, round ${round + 1}, ${server}: ${sample.cpuMicrosPerRequest.toFixed(1)} µs CPU/req, ${Math.round(sample.requestsPerSecond)} req/s, others: ${percent(sample.foreign)}`,
        );
      }
    }
    for (const server of SERVERS) {
      const used = quietest(samples.get(server)!);
      kept += used.length;
      disturbed += used.filter((sample) => sample.foreign > MAX_FOREIGN).length;
      samples.set(server, used);
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
  const load =
    `load average ${loadBefore.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after. Each sample waits for a quiet ` +
    `second and is taken again (up to ${ATTEMPTS} times) while other processes use more than ` +
    `${percent(MAX_FOREIGN)} of CPU ${SERVER_CPU} or ${DRIVER_CPU}; the medians use the undisturbed samples when ` +
    `a server has three or more; ${disturbed} of the ${kept} samples used were disturbed`;
  writeBenchmarkSection(
    'HTTP throughput',
    `GET ${PATHS.join(', ')} in rotation; ${ROUNDS} rounds of ${DURATION} s per server and load after a ${WARMUP} s warm-up of each server process, order rotated per round; server on CPU 0, autocannon (10 connections) on CPU 1; 127.0.0.1 only; ${load}.\n\nCommand: \`npm run bench:http --workspace bench\`\n\n${table}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
