// Bun: app.fetch is the whole server. Start from the repository root: bun examples/runtimes/src/serve-bun.mjs
import { createApp } from './app.mjs';
import { withEventStream } from './event-stream-routes.mjs';

const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: withEventStream(createApp()).fetch });
console.log(`listening on http://127.0.0.1:${server.port}`);
