// Node: the application's own server, @framework/node-server (imported, so app.run() serves with it).
// SIGTERM closes it gracefully.
import '@framework/node-server';
import { createApp } from './app.mjs';
import { withEventStream } from './event-stream-routes.mjs';

const server = await withEventStream(createApp()).run({ host: '127.0.0.1', port: 0 });
console.log(`listening on http://127.0.0.1:${server.address().port}`);
