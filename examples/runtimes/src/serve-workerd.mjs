// workerd (Cloudflare's runtime), through miniflare, without the nodejs_compat flag: the worker is the
// esbuild bundle of src/worker.mjs for platform browser, nothing external, handed to workerd as one ES
// module. Start from the repository root: node examples/runtimes/src/serve-workerd.mjs
//
// What keeps it from starting is printed and the process exits 1: the modules the bundle could not
// resolve (Node built-ins, which workerd has not without nodejs_compat), then workerd's own error when
// it loads the bundle with those modules left external.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';

const WORKER = fileURLToPath(new URL('worker.mjs', import.meta.url));
const COMPATIBILITY_DATE = '2026-07-01';
const UNRESOLVED = /^Could not resolve "([^"]+)"/;

const { code, unresolved } = await bundleWorker();
if (unresolved.size > 0) {
  console.error(
    `workerd: the test application does not bundle for platform browser; ${unresolved.size} modules ` +
      'are not resolved (workerd has no Node modules without nodejs_compat):',
  );
  for (const [name, importers] of unresolved) console.error(`  ${name}  <- ${[...importers].join(', ')}`);
  console.error('workerd: loading the bundle with those modules left external instead:');
}

const miniflare = new Miniflare({
  modules: [{ type: 'ESModule', path: 'worker.mjs', contents: code }],
  compatibilityDate: COMPATIBILITY_DATE,
  compatibilityFlags: [],
  // The worker's env, which src/app.mjs reads at GET /env through getEnv(request).
  bindings: { GREETING: 'hello from a worker binding' },
  host: '127.0.0.1',
  port: 0,
});
let origin;
try {
  origin = await miniflare.ready;
} catch (error) {
  console.error(`workerd: the worker did not load: ${error.message.split('\n')[0]}`);
  await miniflare.dispose().catch(() => {});
  process.exit(1);
}
if (unresolved.size > 0) {
  // It loaded only because the Node modules were never reached at load time: still not runtime-free.
  console.error('workerd: the worker loaded, but its bundle needs the Node modules above');
  await miniflare.dispose();
  process.exit(1);
}
console.log(`listening on ${origin.origin}`);
process.once('SIGTERM', () => void miniflare.dispose().then(() => process.exit(0)));

/** The worker bundled as workerd would get it; modules that do not resolve are left external. */
async function bundleWorker() {
  const attempt = (external) =>
    build({
      entryPoints: [WORKER],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      // `module` too, as esbuild has it by default: require() and import of a package give one copy.
      conditions: ['workerd', 'worker', 'browser', 'module'],
      target: 'es2022',
      external,
      write: false,
      logLevel: 'silent',
    });
  const unresolved = new Map();
  try {
    return { code: (await attempt([])).outputFiles[0].text, unresolved };
  } catch (error) {
    if (!Array.isArray(error.errors)) throw error;
    for (const message of error.errors) {
      const name = UNRESOLVED.exec(message.text)?.[1];
      if (name === undefined) throw error;
      if (!unresolved.has(name)) unresolved.set(name, new Set());
      unresolved.get(name).add(message.location?.file ?? '?');
    }
    return { code: (await attempt([...unresolved.keys()])).outputFiles[0].text, unresolved };
  }
}
