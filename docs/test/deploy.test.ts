import { describe, expect, test } from '@jest/globals';
import { join } from 'node:path';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import worker from '../samples/deploy/worker';
import { REPOSITORY_ROOT, serveSample } from './serve-sample';

const SAMPLES = join(REPOSITORY_ROOT, 'docs', 'samples', 'deploy');
const bin = (name: string) => join(REPOSITORY_ROOT, 'node_modules', '.bin', name);

async function expectTutorialAnswers(origin: string) {
  expect(await (await fetch(`${origin}/`)).text()).toBe('Hello world');
  expect(await (await fetch(`${origin}/hello/ada`)).json()).toEqual({ hello: 'ada' });
}

describe('the module worker', () => {
  test('answers as workerd calls it, fetch(request, env, ctx)', async () => {
    const ctx = { waitUntil: () => undefined };
    const env = { GREETING: 'Hello from a binding' };
    const home = await worker.fetch(new Request('http://localhost/'), env, ctx);
    expect(await home.text()).toBe('Hello from a binding');
  });
});

describe('deployment samples, each in its own runtime on 127.0.0.1', () => {
  test('Node with workers serves, reports ready, and exits 0 on SIGTERM', async () => {
    const server = await serveSample(
      process.execPath,
      ['--import', 'tsx', join(SAMPLES, 'node-workers.ts')],
      {
        WEB_CONCURRENCY: '2',
      },
    );
    try {
      await expectTutorialAnswers(server.origin);
      expect(await (await fetch(`${server.origin}/health/ready`)).json()).toEqual({ status: 'ready' });
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  test('Bun serves app.fetch', async () => {
    const server = await serveSample(bin('bun'), [join(SAMPLES, 'bun.ts')]);
    try {
      await expectTutorialAnswers(server.origin);
    } finally {
      await server.stop();
    }
  });

  test('Deno serves app.fetch', async () => {
    const server = await serveSample(bin('deno'), [
      'run',
      '--allow-net',
      '--allow-env',
      '--allow-read',
      '--no-lock',
      join(SAMPLES, 'deno.ts'),
    ]);
    try {
      await expectTutorialAnswers(server.origin);
    } finally {
      await server.stop();
    }
  });

  // #region workerd
  test('workerd runs `export default app` bundled for the browser platform, with its env', async () => {
    const bundle = await build({
      entryPoints: [join(SAMPLES, 'worker.ts')],
      bundle: true,
      format: 'esm',
      platform: 'browser', // a Node module the worker reaches would fail the bundle here
      conditions: ['workerd', 'worker', 'browser', 'module'],
      target: 'es2022',
      write: false,
      logLevel: 'silent',
    });
    const miniflare = new Miniflare({
      modules: [{ type: 'ESModule', path: 'worker.mjs', contents: bundle.outputFiles[0]!.text }],
      compatibilityDate: '2026-07-01',
      bindings: { GREETING: 'Hello from a binding' },
      host: '127.0.0.1',
      port: 0,
    });
    try {
      const origin = (await miniflare.ready).origin;
      expect(await (await fetch(`${origin}/`)).text()).toBe('Hello from a binding');
      expect(await (await fetch(`${origin}/hello/ada`)).json()).toEqual({ hello: 'ada' });
      expect((await fetch(`${origin}/nowhere`)).status).toBe(404);
    } finally {
      await miniflare.dispose();
    }
  });
  // #endregion workerd
});
