import { afterEach, describe, expect, test } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { type Fixture, startFixture, stopFixture, waitFor } from './support/fixture-process';

let running: Fixture | undefined;
afterEach(async () => {
  if (running !== undefined) await stopFixture(running);
  running = undefined;
});

async function answer(port: string): Promise<string> {
  return (await fetch(`http://127.0.0.1:${port}/`)).text();
}

describe('app.run() without an import of @framework/node-server', () => {
  test('finds the installed package by name and serves', async () => {
    running = startFixture('by-name.js');
    const [, port] = await waitFor(running, /listening (\d+)/);
    expect(await answer(port as string)).toBe('found by name');
  });

  test('rejects with FRAMEWORK_ERR_APP_NO_SERVER, naming the package, when it cannot be found', async () => {
    running = startFixture('by-name.js', { BLOCK_SERVER: '1' });
    await running.exited;
    expect(running.output()).toContain(
      "refused FRAMEWORK_ERR_APP_NO_SERVER: app.run() found no server: install @framework/node-server " +
        '(npm install @framework/node-server) to serve on Node. A bundled application must import it ' +
        "itself (import '@framework/node-server';) or call its run(app, options)",
    );
  });
});

describe('app.run() in an application bundled with esbuild', () => {
  const outdir = mkdtempSync(join(tmpdir(), 'framework-bundle-'));
  afterEach(() => rmSync(outdir, { recursive: true, force: true }));

  test('serves once the bundle imports @framework/node-server', async () => {
    const outfile = join(outdir, 'app.cjs');
    await build({
      entryPoints: [join(__dirname, 'fixtures', 'bundled-app.mjs')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      logLevel: 'silent',
    });
    running = startFixture(outfile);
    const [, port] = await waitFor(running, /listening (\d+)/);
    expect(await answer(port as string)).toBe('bundled');
  });
});
