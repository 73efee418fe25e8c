import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { run } from '@framework/node-server';
import { createApp } from '../src/app';

const app = createApp();
const call = (path: string, init?: RequestInit) => app.fetch(new Request(`http://localhost${path}`, init));

describe('example application (app.fetch)', () => {
  test('GET / answers text', async () => {
    const response = await call('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe('Hello from @framework!');
  });

  test('GET /ping answers {"ack": <unix seconds>}', async () => {
    const before = Math.floor(Date.now() / 1000);
    const body = (await (await call('/ping')).json()) as { ack: number };
    expect(Object.keys(body)).toEqual(['ack']);
    expect(Number.isInteger(body.ack)).toBe(true);
    expect(body.ack).toBeGreaterThanOrEqual(before);
    expect(body.ack).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
  });

  test('POST /post answers text', async () => {
    const response = await call('/post', { method: 'POST', body: 'hello' });
    expect(await response.text()).toBe('Received a POST with 5 bytes.');
    expect((await call('/post')).status).toBe(405);
  });

  test('the mounted API answers under /api and links inside its mount', async () => {
    expect(await (await call('/api')).json()).toEqual({ user: '/api/users/1' });
    expect(await (await call('/api/users/42')).json()).toEqual({ id: 42, self: '/api/users/42' });
    expect((await call('/api/users/abc')).status).toBe(404);
    expect((await call('/apix')).status).toBe(404);
  });
});

describe('example application (real socket)', () => {
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    server = await run(createApp(), { host: '127.0.0.1', port: 0, handleSignals: false });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test('serves the routes over HTTP', async () => {
    expect(await (await fetch(`${origin}/`)).text()).toBe('Hello from @framework!');
    expect(await (await fetch(`${origin}/api/users/7`)).json()).toEqual({ id: 7, self: '/api/users/7' });
  });
});
