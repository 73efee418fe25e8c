import { loadavg } from 'node:os';
import {
  DURATION,
  keepQuietest,
  measureQuiet,
  median,
  MODES,
  PATHS,
  percent,
  pinDriver,
  type Sample,
  samplingNote,
  spread,
  WARMUP,
} from './http-measure';
import { writeBenchmarkSection } from './write-benchmarks';

// Server CPU time per request, side by side with raw node:http and Fastify, in one run (see
// http-measure.ts for how a sample is taken).
const SERVERS = ['raw', 'fastify', 'framework'] as const;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const REQUESTS = PATHS.map((path) => ({ path }));

async function main(): Promise<void> {
  pinDriver();
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
        const sample = await measureQuiet(server, { requests: REQUESTS, pipelining: mode.pipelining });
        samples.get(server)!.push(sample);
        console.log(
          `${mode.name}, round ${round + 1}, ${server}: ${sample.cpuMicrosPerRequest.toFixed(1)} µs CPU/req, ${Math.round(sample.requestsPerSecond)} req/s, others: ${percent(sample.foreign)}`,
        );
      }
    }
    const counts = keepQuietest(samples);
    kept += counts.kept;
    disturbed += counts.disturbed;
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
  const load = samplingNote(loadBefore, disturbed, kept);
  writeBenchmarkSection(
    'HTTP throughput',
    `GET ${PATHS.join(', ')} in rotation; ${ROUNDS} rounds of ${DURATION} s per server and load after a ${WARMUP} s warm-up of each server process, order rotated per round; server on CPU 0, autocannon (10 connections) on CPU 1; 127.0.0.1 only; ${load}.\n\nCommand: \`npm run bench:http --workspace bench\`\n\n${table}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
