import { join } from 'node:path';
import { createRequire } from 'node:module';
import { createApp } from '@framework/example-notes-api/dist/app.js';

const notesDir = join(
  createRequire(import.meta.url).resolve('@framework/example-notes-api/package.json'),
  '..',
);
const silent = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * The notes example (examples/notes-api, built) as it ships: its pipeline with the default
 * securityHeaders() policy, /openapi.json and the Swagger UI page at /docs, on 127.0.0.1.
 */
export async function serveNotes() {
  const app = createApp({
    adminToken: 'docs-page-test',
    publicDir: join(notesDir, 'public'),
    logger: silent,
  });
  const server = await app.run({ host: '127.0.0.1', port: 0, handleSignals: false });
  return { origin: `http://127.0.0.1:${server.address().port}`, server };
}
