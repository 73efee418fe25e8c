import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createApp } from '../public/index';

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

test('GET /health/ready answers ready while the application serves', async () => {
  const app = await createApp();
  const response = await app.fetch(new Request('http://localhost/health/ready'));
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('cache-control'), 'no-store');
  assert.deepEqual(await response.json(), { status: 'ready' });
});
