import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { run } from '@framework/node-server';
import { createConfiguredApp } from '../src/configuration-driven';
import { fixtureRoot } from './support';

let server: Server;
let origin: string;

beforeAll(async () => {
  const app = await createConfiguredApp(fixtureRoot, { cachePath: null });
  server = await run(app, { host: '127.0.0.1', port: 0, handleSignals: false });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
});

describe('configuration-driven mode over a real socket', () => {
  it('answers GET / and GET /ping with run() on 127.0.0.1', async () => {
    const home = await fetch(`${origin}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toBe('Hello from @framework!');
    expect(home.headers.get('x-powered-by')).toBe('@framework');

    const ping = await fetch(`${origin}/ping`);
    expect(((await ping.json()) as { ack: unknown }).ack).toEqual(expect.any(Number));
  });

  it('answers HEAD without a body and unknown paths with 404', async () => {
    const head = await fetch(`${origin}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await fetch(`${origin}/missing`)).status).toBe(404);
  });
});
