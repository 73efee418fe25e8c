import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createApp } from '../src/app';
import { request } from './request';

const app = createApp();

test('GET / answers plain text', async () => {
  const response = await request(app, '/');
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
  assert.equal(await response.text(), 'Hello from @framework!');
});

test('GET /ping answers the current Unix time as ack', async () => {
  const before = Math.floor(Date.now() / 1000);
  const { ack } = (await (await request(app, '/ping')).json()) as { ack: number };
  assert.ok(Number.isInteger(ack) && ack >= before && ack <= before + 2);
});

test('GET /users/{id} takes digits only', async () => {
  const response = await request(app, '/users/7');
  assert.deepEqual(await response.json(), { id: 7 });
  assert.equal((await request(app, '/users/seven')).status, 404);
});

test('POST /echo answers the JSON it got; malformed JSON is a 400', async () => {
  const json = { method: 'POST', headers: { 'content-type': 'application/json' } };
  const response = await request(app, '/echo', { ...json, body: '{"note":"hi"}' });
  assert.deepEqual(await response.json(), { received: { note: 'hi' } });
  assert.equal((await request(app, '/echo', { ...json, body: '{"note":' })).status, 400);
});

test('GET /echo is a 405 that lists POST', async () => {
  const response = await request(app, '/echo');
  assert.equal(response.status, 405);
  assert.match(response.headers.get('allow') ?? '', /POST/);
});

test('every answer carries the security headers, the 404 too', async () => {
  const response = await request(app, '/missing');
  assert.equal(response.status, 404);
  assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
  assert.match(response.headers.get('content-security-policy') ?? '', /default-src 'self'/);
});

test('GET /health/ready answers ready while the application serves', async () => {
  const response = await request(app, '/health/ready');
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { status: 'ready' });
});

test('with a logger every request gets an id, echoed in x-request-id, and one log line', async () => {
  const lines: object[] = [];
  const record = (fields: object, msg?: string) => void lines.push({ ...fields, msg });
  const logged = createApp({ logger: { debug: record, info: record, warn: record, error: record } });
  const response = await request(logged, '/ping');
  const reqId = response.headers.get('x-request-id');
  assert.match(reqId ?? '', /^[0-9a-f-]{36}$/);
  assert.equal(lines.length, 1);
  assert.deepEqual(
    { ...lines[0], durationMs: 0 },
    { reqId, method: 'GET', path: '/ping', status: 200, durationMs: 0, msg: 'request completed' },
  );
});
