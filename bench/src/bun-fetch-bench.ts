import { join } from 'node:path';
import { compareServers } from './cpu-comparison';
import { DURATION, PATHS, pinDriver, WARMUP } from './http-measure';
import { writeBenchmarkSection } from './write-benchmarks';

// The fetch path on Bun: server CPU time per request of bare Bun.serve, Hono's app.fetch and ours
// (app.fetch, router-ptr), each in Bun.serve, in one run (see http-measure.ts for how a sample is taken).
// BENCH_BEFORE=/path/to/another/built/checkout adds that checkout's build of ours as a server of its own
// ("bun-framework-before"), to compare two builds in one run.
const BUN = join(__dirname, '..', '..', 'node_modules', '.bin', 'bun');

async function main(): Promise<void> {
  pinDriver();
  const { table, note } = await compareServers({
    servers: [
      'bun-bare',
      'bun-hono',
      'bun-framework',
      ...(process.env['BENCH_BEFORE'] === undefined ? [] : ['bun-framework-before']),
    ],
    baselineName: 'bare Bun.serve',
    execPath: BUN,
    pairs: [['bun-framework', 'bun-hono']],
  });
  writeBenchmarkSection(
    'The fetch path on Bun',
    `\`Bun.serve({ fetch })\` on Bun (the workspace's \`bun\` dev dependency): bare (routes matched by hand), Hono's \`app.fetch\`, ours (\`app.fetch\`, \`@framework/router-ptr\`). GET ${PATHS.join(', ')} in rotation; ${DURATION} s per server and load after a ${WARMUP} s warm-up of each server process; server on CPU 0, autocannon (10 connections) on CPU 1; 127.0.0.1 only; ${note}. Compare within this table only.\n\nCommand: \`npm run bench:bun-fetch --workspace bench\`\n\n${table}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
