// Node: the application's own server. SIGTERM closes it gracefully.
import { createApp } from './app.mjs';

const server = await createApp().run({ host: '127.0.0.1', port: 0 });
console.log(`listening on http://127.0.0.1:${server.address().port}`);
