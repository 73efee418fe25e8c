import { describe, expect, test } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import { TextResponse } from '@framework/application';
import { run } from '../src';
import { createApp } from './support/app';
import { openConnection } from './support/raw-http';
import { closeServer } from './support/serve';

const local = { host: '127.0.0.1', port: 0, handleSignals: false } as const;

describe('run() server timeouts', () => {
  test("default to Node's own: headers 60 s, request 300 s, keep-alive 5 s", async () => {
    const server = await run(createApp(), local);
    try {
      expect([server.headersTimeout, server.requestTimeout, server.keepAliveTimeout]).toEqual([
        60_000, 300_000, 5_000,
      ]);
    } finally {
      await closeServer(server);
    }
  });

  test('are set on the returned server', async () => {
    const server = await run(createApp(), {
      ...local,
      headersTimeout: 2_000,
      requestTimeout: 10_000,
      keepAliveTimeout: 500,
    });
    try {
      expect([server.headersTimeout, server.requestTimeout, server.keepAliveTimeout]).toEqual([
        2_000, 10_000, 500,
      ]);
    } finally {
      await closeServer(server);
    }
  });

  test.each([
    [
      { headersTimeout: -1 },
      'run({ headersTimeout }) must be a whole number of milliseconds (0 or more), got -1.',
    ],
    [
      { requestTimeout: 1.5 },
      'run({ requestTimeout }) must be a whole number of milliseconds (0 or more), got 1.5.',
    ],
    [
      { keepAliveTimeout: Number.NaN },
      'run({ keepAliveTimeout }) must be a whole number of milliseconds (0 or more), got NaN.',
    ],
    [
      { connectionsCheckingInterval: 0 },
      'run({ connectionsCheckingInterval }) must be a whole number of milliseconds (1 or more), got 0.',
    ],
    [
      { shutdownTimeout: Infinity },
      'run({ shutdownTimeout }) must be a whole number of milliseconds (0 or more), got Infinity.',
    ],
    [
      { headersTimeout: 20_000, requestTimeout: 10_000 },
      'run({ headersTimeout }) (20000) must not be longer than requestTimeout (10000): the headers are part of the request.',
    ],
  ])('%p is refused with a clear error', async (options, message) => {
    await expect(run(createApp(), { ...local, ...options })).rejects.toThrow(message);
  });
});

describe('close() and shutdownTimeout', () => {
  test('close() completes after shutdownTimeout although a request hangs forever', async () => {
    let reached!: () => void;
    const inFlight = new Promise<void>((resolve) => (reached = resolve));
    const app = createApp();
    app.get('/hang', () => {
      reached();
      return new Promise<TextResponse>(() => undefined);
    });
    const server = await run(app, { ...local, shutdownTimeout: 50 });
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const hung = openConnection(origin, 'GET /hang HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await inFlight;
    await closeServer(server);
    expect(await hung.closed).toBe('');
  });
});
