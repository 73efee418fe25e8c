import { loadavg } from 'node:os';
import {
  DURATION,
  keepQuietest,
  measureQuiet,
  median,
  percent,
  pinDriver,
  type Sample,
  samplingNote,
  spread,
  WARMUP,
} from './http-measure';
import { MIDDLEWARE_CASES, MIDDLEWARE_REQUESTS } from './middleware-load';
import { writeBenchmarkSection } from './write-benchmarks';

// Server CPU time per request of each middleware of @framework/middleware, as a ratio to the same
// application without it, all in one run (see http-measure.ts for how a sample is taken).
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PIPELINING = 10;
const SERVER = 'framework-middleware';

async function main(): Promise<void> {
  pinDriver();
  const loadBefore = loadavg()[0]!;
  if (loadBefore > 0.5) console.warn(`load average ${loadBefore.toFixed(2)}: the machine is not quiet`);
  const samples = new Map<string, Sample[]>(MIDDLEWARE_CASES.map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    const order = MIDDLEWARE_CASES.map((_, i) => MIDDLEWARE_CASES[(i + round) % MIDDLEWARE_CASES.length]!);
    for (const name of order) {
      const sample = await measureQuiet(SERVER, {
        requests: MIDDLEWARE_REQUESTS,
        inFlight: PIPELINING,
        env: { BENCH_MIDDLEWARE: name },
      });
      samples.get(name)!.push(sample);
      console.log(
        `round ${round + 1}, ${name}: ${sample.cpuMicrosPerRequest.toFixed(1)} µs CPU/req, others: ${percent(sample.foreign)}`,
      );
    }
  }
  const { kept, disturbed } = keepQuietest(samples);
  const bare = median(samples.get('bare')!.map((s) => s.cpuMicrosPerRequest));
  const rows = MIDDLEWARE_CASES.map((name) => {
    const cpus = samples.get(name)!.map((s) => s.cpuMicrosPerRequest);
    const cpu = median(cpus);
    const added = name === 'bare' ? '' : `${(cpu - bare).toFixed(1)}`;
    return `| ${name} | ${cpu.toFixed(1)} | ${spread(cpus)} | ${added} | ${(cpu / bare).toFixed(2)} |`;
  });
  const table = [
    '| middleware | CPU µs per request (median) | min-max | added µs | ratio to bare |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
  console.log(`\n${table}`);
  writeBenchmarkSection(
    'Middleware CPU cost',
    `Each middleware of @framework/middleware piped alone before routing, against \`bare\` (the same application without it); every case answers GET /?page=2 (an allowed \`Origin\`, a signed cookie, \`Accept-Encoding: gzip, deflate, br\`) with the same 2 KiB text body (serveStatic: the same bytes as a file; validate: a zod query schema on the route; cookies: the handler reads \`request.signedCookies\`); pipelining ${PIPELINING}, ${ROUNDS} rounds of ${DURATION} s per case after a ${WARMUP} s warm-up, order rotated per round; server on CPU 0, autocannon (10 connections) on CPU 1; 127.0.0.1 only. Measured on a shared 2-core machine: compare the ratios within this table, not the absolute figures across runs; ${samplingNote(loadBefore, disturbed, kept)}.\n\nCommand: \`npm run bench:middleware --workspace bench\`\n\n${table}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
