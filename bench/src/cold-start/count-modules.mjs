// Preloaded with `node --import` by the cold-start bench: records the URL of every module the ES module
// loader loads (its hooks run on their own thread and post each one here) and, when the program calls
// `globalThis.reportLoadedModules()`, prints them with the CommonJS modules `require` loaded.
import { createRequire, register } from 'node:module';
import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';

const loaded = new Set();
const { port1, port2 } = new MessageChannel();
port1.on('message', (url) => {
  if (url.startsWith('file:')) loaded.add(fileURLToPath(url));
});
port1.unref();
register('./count-modules-hooks.mjs', import.meta.url, { data: { port: port2 }, transferList: [port2] });

globalThis.reportLoadedModules = async (except) => {
  await new Promise((resolve) => setTimeout(resolve, 100)); // the last messages of the hooks' thread
  for (const file of Object.keys(createRequire(import.meta.url).cache)) loaded.add(file);
  const modules = [...loaded].filter((file) => !except.includes(file));
  console.log(JSON.stringify({ modules }));
};
