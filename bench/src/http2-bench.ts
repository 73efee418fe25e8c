import { compareServers } from './cpu-comparison';
import { DURATION, PATHS, pinDriver, WARMUP } from './http-measure';
import { CONNECTIONS } from './load/drive-load';
import { ensureH2load } from './load/h2load';
import { writeBenchmarkSection } from './write-benchmarks';

// Server CPU time per request over HTTP/2 without TLS (h2c), side by side with raw node:http2 and
// Fastify, in one run (see http-measure.ts for how a sample is taken; h2load drives the load).
async function main(): Promise<void> {
  ensureH2load();
  pinDriver();
  const { table, note } = await compareServers({
    servers: ['raw-h2c', 'fastify-h2c', 'framework-h2c'],
    baselineName: 'raw node:http2',
    transport: 'h2c',
    pairs: [
      ['framework-h2c', 'raw-h2c'],
      ['framework-h2c', 'fastify-h2c'],
    ],
  });
  writeBenchmarkSection(
    'HTTP/2 throughput',
    `HTTP/2 over cleartext (h2c, prior knowledge): raw \`node:http2\` (\`http2.createServer\`, the same hand-written handler as the HTTP/1.1 baseline, on the compatibility API), Fastify with \`http2: true\`, ours served by \`run(app, { http2: true })\` of \`@framework/node-server\`. GET ${PATHS.join(', ')} in rotation; ${DURATION} s per server and load after a ${WARMUP} s warm-up of each server process, order rotated per round; server on CPU 0, h2load (one thread, ${CONNECTIONS} sessions) on CPU 1; 127.0.0.1 only; ${note}.\n\nCommand: \`npm run bench:http2 --workspace bench\`\n\n${table}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
