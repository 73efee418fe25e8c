// Deno: app.fetch is the whole server. Start from the repository root, where Deno finds the workspace
// packages: deno run --no-lock --allow-net=127.0.0.1 --allow-read --allow-env examples/runtimes/src/serve-deno.mjs
import { createApp } from './app.mjs';
import { withEventStream } from './event-stream-routes.mjs';

const onListen = ({ port }) => console.log(`listening on http://127.0.0.1:${port}`);
Deno.serve({ hostname: '127.0.0.1', port: 0, onListen }, withEventStream(createApp()).fetch);
