import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

// Deno finds the workspace packages only when started from the repository root, so every server starts
// there, on 127.0.0.1 and an ephemeral port.
export const root = join(import.meta.dirname, '..', '..', '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const script = (name) => join('examples', 'runtimes', 'src', name);

/** How each runtime serves the application of `src/app.mjs`, started with `startServer(command, args, root)`. */
export const runtimes = [
  {
    key: 'node',
    name: `Node ${process.version}`,
    via: 'run()',
    command: process.execPath,
    args: [script('serve-node.mjs')],
  },
  {
    key: 'bun',
    name: `Bun ${version('bun')}`,
    via: 'Bun.serve({ fetch: app.fetch })',
    command: bin('bun'),
    args: [script('serve-bun.mjs')],
  },
  {
    key: 'deno',
    name: `Deno ${version('deno')}`,
    via: 'Deno.serve(app.fetch)',
    command: bin('deno'),
    args: [
      'run',
      '--no-lock',
      '--allow-net=127.0.0.1',
      '--allow-read',
      '--allow-env',
      script('serve-deno.mjs'),
    ],
  },
];
// workerd (miniflare, without nodejs_compat) joins with RUNTIMES_WITH_WORKERD=1: npm run test:workerd.
if (process.env.RUNTIMES_WITH_WORKERD === '1') {
  runtimes.push({
    key: 'workerd',
    name: 'workerd',
    via: 'export default app',
    command: process.execPath,
    args: [script('serve-workerd.mjs')],
  });
}

function version(name) {
  return execFileSync(bin(name), ['--version'], { encoding: 'utf8', timeout: 10_000 }).match(
    /\d+\.\d+\.\d+/,
  )[0];
}
