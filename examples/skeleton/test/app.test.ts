import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { run } from '@framework/node-server';
import { createApp, projectRoot } from '../public/index';

test('the application is assembled as it should be: app.check() finds nothing', async () => {
  const app = await createApp();
  assert.deepEqual(app.check(), []);
});

test('GET / answers plain text', async () => {
  const app = await createApp();
  const response = await app.fetch(new Request('http://localhost/'));
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
  assert.equal(await response.text(), 'Hello from the framework skeleton!');
});

test('GET /ping answers the current Unix time as ack', async () => {
  const app = await createApp();
  const before = Math.floor(Date.now() / 1000);
  const response = await app.fetch(new Request('http://localhost/ping'));
  const body = (await response.json()) as { ack: number };
  assert.equal(response.status, 200);
  assert.ok(Number.isInteger(body.ack) && body.ack >= before && body.ack <= before + 2);
});

test('POST /post is added in code on top of the configuration', async () => {
  const app = await createApp();
  const response = await app.fetch(new Request('http://localhost/post', { method: 'POST', body: 'hello' }));
  assert.equal(response.status, 200);
  assert.equal(await response.text(), 'Received 5 bytes.');
});

test('GET /post is a 405 that lists POST', async () => {
  const app = await createApp();
  const response = await app.fetch(new Request('http://localhost/post'));
  assert.equal(response.status, 405);
  assert.match(response.headers.get('allow') ?? '', /POST/);
});

test('the API application mounted at /api generates URIs with its mount path', async () => {
  const app = await createApp();
  const response = await app.fetch(new Request('http://localhost/api/users/7'));
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { id: 7, self: '/api/users/7' });
  const notDigits = await app.fetch(new Request('http://localhost/api/users/seven'));
  assert.equal(notDigits.status, 404);
});

test('GET /assets/site.css is a static file, with security headers, compressed when asked', async () => {
  const app = await createApp();
  const css = readFileSync(join(projectRoot, 'public', 'assets', 'site.css'));
  const response = await app.fetch(
    new Request('http://localhost/assets/site.css', { headers: { 'accept-encoding': 'gzip' } }),
  );
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'text/css; charset=utf-8');
  assert.equal(response.headers.get('content-encoding'), 'gzip');
  assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
  assert.equal(response.headers.get('cache-control'), 'public, max-age=3600');
  assert.deepEqual(gunzipSync(Buffer.from(await response.arrayBuffer())), css);
});

test('every answer carries the security headers, the 404 too', async () => {
  const app = await createApp();
  const response = await app.fetch(new Request('http://localhost/missing'));
  assert.equal(response.status, 404);
  assert.equal(response.headers.get('x-frame-options'), 'SAMEORIGIN');
  assert.match(response.headers.get('content-security-policy') ?? '', /default-src 'self'/);
});

test('the entry script and other sources are never served, whatever the path says', async () => {
  const app = await createApp();
  const server = await run(app, { host: '127.0.0.1', port: 0, handleSignals: false });
  const { port } = server.address() as AddressInfo;
  const paths = [
    '/index.ts',
    '/index.js',
    '/public/index.ts',
    '/assets/../index.ts',
    '/assets/%2e%2e/index.ts',
    '/assets/%2E%2E/index.js',
    '/assets/..%2findex.ts',
    '/assets/..%5cindex.ts',
    '/assets/..\\index.ts',
    '/assets/%2e%2e/%2e%2e/package.json',
    '/assets/%2e%2e/%2e%2e/config/autoload/dependencies.global.ts',
    '/assets/site.css%00.ts',
  ];
  try {
    for (const path of paths) {
      const answer = await rawGet(port, path);
      assert.equal(answer.status === 200, false, `${path} answered 200`);
      assert.doesNotMatch(
        answer.body,
        /require\.main|assetsRoot = |"private": true/,
        `${path} leaked a source`,
      );
    }
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

/** GET over a socket with the path sent exactly as written (fetch would normalise `..` and `%2e%2e`). */
function rawGet(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.setTimeout(5_000, () => req.destroy(new Error(`No answer to GET ${path} within 5 s`)));
    req.on('error', reject);
    req.end();
  });
}

test('GET /health/ready answers ready while the application serves', async () => {
  const app = await createApp();
  const response = await app.fetch(new Request('http://localhost/health/ready'));
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('cache-control'), 'no-store');
  assert.deepEqual(await response.json(), { status: 'ready' });
});

test('with a logger every request gets an id, echoed in x-request-id, and one log line', async () => {
  const lines: Record<string, unknown>[] = [];
  const record = (fields: object, message?: string) => void lines.push({ ...fields, msg: message });
  const app = await createApp({ logger: { debug: record, info: record, warn: record, error: record } });
  const response = await app.fetch(new Request('http://localhost/ping'));
  assert.equal(response.status, 200);
  assert.match(response.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
  assert.equal(lines.length, 1);
  assert.deepEqual(
    { ...lines[0], durationMs: 0 },
    {
      msg: 'request completed',
      reqId: response.headers.get('x-request-id'),
      method: 'GET',
      path: '/ping',
      status: 200,
      durationMs: 0,
    },
  );
});

test('without a logger there is no request id', async () => {
  const app = await createApp();
  const response = await app.fetch(new Request('http://localhost/ping'));
  assert.equal(response.headers.get('x-request-id'), null);
});
