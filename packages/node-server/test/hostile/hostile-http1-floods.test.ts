import { afterAll, beforeAll, describe, expect, jest, test } from '@jest/globals';
import type { Server } from 'node:http';
import { connect } from 'node:net';
import { JsonResponse, TextResponse } from '@framework/application';
import type { RunOptions } from '../../src';
import { MAX_WAITING_REQUESTS } from '../../src/server/connection-reuse';
import { createApp } from '../support/app';
import { openConnection, parseAnswers, rawExchange } from '../support/raw-http';
import { closeServer, serve } from '../support/serve';
import { expectStillServing } from './expect-answer';
import { request } from './hostile-cases';

// Floods and slow clients take seconds on a loaded machine, not jest's default five.
jest.setTimeout(30_000);

// Slow, silent and flooding HTTP/1.1 clients over raw sockets, and a client that waits for 100 Continue.

/** Small server timeouts, checked every 50 ms, as in hostile-connections. */
const SERVER_TIMEOUTS = {
  headersTimeout: 300,
  requestTimeout: 600,
  keepAliveTimeout: 300,
  connectionsCheckingInterval: 50,
} as const;

/** Requests handed to the server, requests whose handler ran, and the most that waited at once. */
interface Counts {
  received: number;
  handled: number;
  mostWaiting: number;
}

/** Serves the flood routes with `options`; `counts` follows the requests of `/users/{id}`. */
async function serveCounted(
  counts: Counts,
  options: RunOptions = {},
): Promise<{ server: Server; origin: string }> {
  const app = createApp();
  app.get('/static', () => new TextResponse('static'));
  app.get('/users/{id}', (req) => {
    counts.handled += 1;
    return new JsonResponse({ id: req.params.id });
  });
  app.post('/upload', async (req) => new TextResponse(`read ${(await req.text()).length}`));
  const served = await serve(app, options);
  served.server.on('request', () => {
    counts.received += 1;
    counts.mostWaiting = Math.max(counts.mostWaiting, counts.received - counts.handled);
  });
  return served;
}

describe('hostile HTTP/1.1 slow and silent clients (short server timeouts)', () => {
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    ({ server, origin } = await serveCounted({ received: 0, handled: 0, mostWaiting: 0 }, SERVER_TIMEOUTS));
  });
  afterAll(() => closeServer(server));

  test('headers dripped a byte at a time are cut by headersTimeout with 408 and a close', async () => {
    const drip = Array.from({ length: 100 }, () => ['a', { pauseMs: 50 }] as const).flat();
    const exchange = await rawExchange(origin, [
      'GET /static HTTP/1.1\r\nHost: localhost\r\nX-Drip: ',
      ...drip,
    ]);
    expect(exchange.answers.map((answer) => answer.statusLine)).toEqual(['HTTP/1.1 408 Request Timeout']);
    expect(exchange.answers[0]?.headers['connection']).toBe('close');
    await expectStillServing(origin);
  });

  test('200 connections that send nothing each get 408 and a close after headersTimeout', async () => {
    const silent = Array.from({ length: 200 }, () => openConnection(origin, ''));
    try {
      for (const text of await Promise.all(silent.map((connection) => connection.closed))) {
        expect(parseAnswers(text).answers.map((answer) => answer.statusLine)).toEqual([
          'HTTP/1.1 408 Request Timeout',
        ]);
      }
    } finally {
      for (const { socket } of silent) socket.destroy();
    }
    await expectStillServing(origin);
  });
});

describe('hostile HTTP/1.1 pipelining floods and Expect (default server timeouts)', () => {
  let server: Server;
  let origin: string;
  const counts: Counts = { received: 0, handled: 0, mostWaiting: 0 };
  beforeAll(async () => {
    ({ server, origin } = await serveCounted(counts));
  });
  afterAll(() => closeServer(server));

  const resetCounts = (): void => {
    Object.assign(counts, { received: 0, handled: 0, mostWaiting: 0 });
  };

  test('10 000 tiny requests pipelined on one connection are answered in order, never more than the cap waiting', async () => {
    resetCounts();
    const count = 10_000;
    const last = `{"id":"${count - 1}"}`;
    const socket = connect(Number(new URL(origin).port), '127.0.0.1');
    const text = await new Promise<string>((resolve, reject) => {
      let received = '';
      socket.setTimeout(20_000, () => socket.destroy(new Error('The answers did not all come')));
      socket.on('connect', () =>
        socket.write(Array.from({ length: count }, (_, index) => request(`GET /users/${index}`)).join('')),
      );
      socket.on('data', (chunk: Buffer) => {
        received += chunk.toString('latin1');
        if (received.endsWith(last)) socket.end();
      });
      socket.on('error', reject);
      socket.on('close', () => resolve(received));
    });
    const { answers, rest } = parseAnswers(text);
    expect(answers).toHaveLength(count);
    answers.forEach((answer, index) => expect(answer.body).toBe(`{"id":"${index}"}`));
    expect(rest).toBe('');
    expect(counts.mostWaiting).toBeLessThanOrEqual(MAX_WAITING_REQUESTS);
  }, 30_000);

  test('a client that pipelines without reading is closed once the cap of waiting requests is passed', async () => {
    resetCounts();
    const count = 200_000;
    const socket = connect(Number(new URL(origin).port), '127.0.0.1');
    await new Promise<void>((resolve, reject) => {
      socket.setTimeout(20_000, () => socket.destroy(new Error('The server did not close the connection')));
      // No 'data' listener: the client reads nothing, the kernel's buffers fill up.
      socket.on('connect', () =>
        socket.write(Array.from({ length: count }, (_, index) => request(`GET /users/${index}`)).join('')),
      );
      socket.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
      });
      socket.on('close', () => resolve());
    });
    expect(counts.received).toBeLessThan(count);
    // Node ends the chunk it was parsing when the connection closes: 64 KiB, 1 700 of these requests.
    expect(counts.mostWaiting).toBeLessThanOrEqual(MAX_WAITING_REQUESTS + 2048);
    await expectStillServing(origin);
  }, 30_000);

  test('Expect: 100-continue gets its 100 once the body is read, then the answer; the connection serves on', async () => {
    const exchange = await rawExchange(
      origin,
      [
        request('POST /upload', ['Content-Length: 5', 'Expect: 100-continue']),
        { pauseMs: 100 },
        'hello',
        request('GET /static'),
      ],
      { endAfter: 3 },
    );
    expect(exchange.answers.map((answer) => `${answer.statusLine} ${answer.body}`)).toEqual([
      'HTTP/1.1 100 Continue ',
      'HTTP/1.1 200 OK read 5',
      'HTTP/1.1 200 OK static',
    ]);
  });
});
