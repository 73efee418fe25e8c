import { compareServers } from './cpu-comparison';
import { DURATION, PATHS, pinDriver, WARMUP } from './http-measure';
import { writeBenchmarkSection } from './write-benchmarks';

// Server CPU time per request, side by side with raw node:http and Fastify, in one run (see
// http-measure.ts for how a sample is taken). BENCH_BEFORE=/path/to/another/built/checkout adds that
// checkout's build of ours as a server of its own ("framework-before"), to compare two builds in one run.
async function main(): Promise<void> {
  pinDriver();
  const { table, note } = await compareServers({
    servers: [
      'raw',
      'fastify',
      'framework',
      ...(process.env['BENCH_BEFORE'] === undefined ? [] : ['framework-before']),
    ],
    baselineName: 'raw node:http',
    pairs: [
      ['framework', 'raw'],
      ['framework', 'fastify'],
    ],
  });
  writeBenchmarkSection(
    'HTTP throughput',
    `GET ${PATHS.join(', ')} in rotation; ${DURATION} s per server and load after a ${WARMUP} s warm-up of each server process, order rotated per round; server on CPU 0, autocannon (10 connections) on CPU 1; 127.0.0.1 only; ${note}.\n\nCommand: \`npm run bench:http --workspace bench\`\n\n${table}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
