import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { once } from 'node:events';
import type { Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { RunOptions } from '../../src';
import { openConnection, type ParsedAnswer, parseAnswers, rawExchange } from '../support/raw-http';
import { closeServer, serve } from '../support/serve';
import { ADAPTERS } from './adapters';
import { expectAnswer, expectStillServing } from './expect-answer';
import { createHostileApp, type HostileApp } from './hostile-app';
import { request } from './hostile-cases';

/**
 * Small server timeouts, checked every 50 ms: with Node's default check every 30 s, a slow client
 * would be cut up to 30 s past its deadline.
 */
const SERVER_TIMEOUTS: RunOptions = {
  headersTimeout: 300,
  requestTimeout: 600,
  keepAliveTimeout: 300,
  connectionsCheckingInterval: 50,
};

/**
 * The application's `timeout()` here: longer than `requestTimeout`, so that a slow body is cut by the
 * server's own limit (a shorter one answers 503 first: the last group shows both together), and longer
 * than it takes 200 requests to reach the gate on a busy machine.
 */
const APP_TIMEOUT_MS = 10_000;

/**
 * Keep-alive for the many-connections server: the first connections must still be open when the last
 * are answered, however busy the machine (the default 5 s is not always enough there).
 */
const LONG_KEEP_ALIVE = { keepAliveTimeout: 60_000 } as const;

/** Jest's limit for the tests that open hundreds of connections. */
const MANY_CONNECTIONS_TEST_TIMEOUT = 60_000;

const requestTimedOut = {
  statusLine: 'HTTP/1.1 408 Request Timeout',
  headers: { connection: 'close' },
} as const;

/**
 * A client connection that sends `bytes` and keeps every answer it receives; `answers(n)` resolves once
 * it holds n of them and rejects if the connection fails or closes first.
 */
function keepAliveConnection(origin: string, bytes: string) {
  const socket = connect(Number(new URL(origin).port), '127.0.0.1', () => socket.write(bytes));
  let received = '';
  let failure: Error | undefined;
  let pending:
    { count: number; resolve: (answers: ParsedAnswer[]) => void; reject: (error: Error) => void } | undefined;
  const settle = (): void => {
    if (pending === undefined) return;
    const { answers } = parseAnswers(received);
    if (answers.length >= pending.count) pending.resolve(answers);
    else if (failure !== undefined) pending.reject(failure);
    else return;
    pending = undefined;
  };
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('latin1');
    settle();
  });
  socket.on('error', (error) => {
    failure = error;
    settle();
  });
  socket.on('close', () => {
    failure ??= new Error(`The server closed the connection after ${JSON.stringify(received)}`);
    settle();
  });
  return {
    socket,
    answers: (count: number): Promise<ParsedAnswer[]> =>
      new Promise((resolve, reject) => {
        pending = { count, resolve, reject };
        settle();
      }),
  };
}

/**
 * Sends `bytes` on a new connection and waits until its request is held at the gate; then the client
 * leaves and, once the server side has closed too (whatever error Node closed it with), the gate opens.
 */
async function leaveWhileHeld(hostile: HostileApp, server: Server, origin: string, bytes: string) {
  const accepted = once(server, 'connection');
  const { socket } = keepAliveConnection(origin, bytes);
  await hostile.held(1);
  const [serverSide] = (await accepted) as [Socket];
  const closed = new Promise<void>((resolve) => serverSide.once('close', () => resolve()));
  socket.destroy();
  await closed;
  hostile.release();
}

describe.each(ADAPTERS)('hostile connections, %s, production mode', (_name, createRouter) => {
  let hostile: HostileApp;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    hostile = createHostileApp(createRouter(), { timeoutMs: APP_TIMEOUT_MS });
    ({ server, origin } = await serve(hostile.app, SERVER_TIMEOUTS));
  });

  afterAll(() => closeServer(server));

  test('slow headers get 408 Request Timeout and a close after headersTimeout', async () => {
    const exchange = await rawExchange(origin, [
      'GET /static HTTP/1.1\r\nHost: localhost\r\n',
      { pauseMs: 100 },
      'X-Slow: 1\r\n',
    ]);
    expect(exchange.answers).toHaveLength(1);
    expectAnswer(exchange.answers[0], requestTimedOut);
    expect(exchange.rest).toBe('');
    await expectStillServing(origin);
  });

  test('a slow body gets 408 Request Timeout and a close after requestTimeout, and is not reported', async () => {
    const reportedBefore = hostile.reported.length;
    const upload = hostile.nextUpload();
    const exchange = await rawExchange(origin, [
      request('POST /upload', ['Content-Length: 100'], 'x'.repeat(10)),
      { pauseMs: 100 },
      'x'.repeat(10),
    ]);
    expect(exchange.answers).toHaveLength(1);
    expectAnswer(exchange.answers[0], requestTimedOut);
    expect(exchange.rest).toBe('');
    expect(await upload).toBe('FRAMEWORK_ERR_REQUEST_ABORTED');
    expect(hostile.reported).toHaveLength(reportedBefore);
    await expectStillServing(origin);
  });

  test.each([
    ['Content-Length', request('POST /upload', ['Content-Length: 100'], 'x'.repeat(10))],
    ['chunked', request('POST /upload', ['Transfer-Encoding: chunked'], 'a\r\nxxxxxxxxxx\r\n')],
  ])('a client that leaves mid-body (%s) is not reported as a server error', async (_framing, bytes) => {
    const reportedBefore = hostile.reported.length;
    const upload = hostile.nextUpload();
    const arrived = once(server, 'request');
    const { socket } = keepAliveConnection(origin, bytes);
    await arrived;
    socket.destroy();
    expect(await upload).toBe('FRAMEWORK_ERR_REQUEST_ABORTED');
    expect(hostile.reported).toHaveLength(reportedBefore);
    await expectStillServing(origin);
  });

  test('a body read after its client left rejects at once and is not reported', async () => {
    const reportedBefore = hostile.reported.length;
    const upload = hostile.nextUpload();
    await leaveWhileHeld(
      hostile,
      server,
      origin,
      request('POST /upload-held', ['Content-Length: 100'], 'x'.repeat(10)),
    );
    expect(await upload).toBe('FRAMEWORK_ERR_REQUEST_ABORTED');
    expect(hostile.reported).toHaveLength(reportedBefore);
    await expectStillServing(origin);
  });

  test('an answer to a client that has left goes nowhere and is not reported', async () => {
    const reportedBefore = hostile.reported.length;
    await leaveWhileHeld(hostile, server, origin, request('GET /held'));
    // The answer is written in the microtasks that follow release().
    await new Promise((resolve) => setImmediate(resolve));
    expect(hostile.reported).toHaveLength(reportedBefore);
    await expectStillServing(origin);
  });
});

/** 1000 connections on one adapter; the connection handling is the same on all, so 200 on the others. */
const CONCURRENT_CONNECTIONS = ADAPTERS.map(
  ([name, createRouter], index) => [index === 0 ? 1000 : 200, name, createRouter] as const,
);

describe.each(CONCURRENT_CONNECTIONS)(
  '%i concurrent keep-alive connections, %s',
  (count, _name, createRouter) => {
    test(
      `${count} connections open at once are each answered, then each a second time`,
      async () => {
        const hostile = createHostileApp(createRouter(), { timeoutMs: APP_TIMEOUT_MS });
        const { server, origin } = await serve(hostile.app, LONG_KEEP_ALIVE);
        const connections = Array.from({ length: count }, (_, index) =>
          keepAliveConnection(origin, request(`GET /users/${index}`)),
        );
        try {
          const firsts = await Promise.all(connections.map((connection) => connection.answers(1)));
          firsts.forEach((answers, index) => expect(answers[0]?.body).toBe(`{"id":"${index}"}`));
          const open = await new Promise<number>((resolve, reject) =>
            server.getConnections((error, connected) => (error ? reject(error) : resolve(connected))),
          );
          expect(open).toBe(count);
          for (const { socket } of connections) socket.write(request('GET /static'));
          const seconds = await Promise.all(connections.map((connection) => connection.answers(2)));
          for (const answers of seconds) {
            expect(`${answers[1]?.statusLine} ${answers[1]?.body}`).toBe('HTTP/1.1 200 OK static');
          }
        } finally {
          for (const { socket } of connections) socket.destroy();
          await closeServer(server);
        }
      },
      MANY_CONNECTIONS_TEST_TIMEOUT,
    );
  },
);

describe.each(ADAPTERS)('graceful shutdown, %s', (_name, createRouter) => {
  test(
    'close() with 200 requests in flight answers all 200, each with Connection: close, then closes',
    async () => {
      const hostile = createHostileApp(createRouter(), { timeoutMs: APP_TIMEOUT_MS });
      const { server, origin } = await serve(hostile.app);
      const connections = Array.from({ length: 200 }, () => openConnection(origin, request('GET /held')));
      try {
        await hostile.held(200);
        const closed = closeServer(server);
        hostile.release();
        for (const text of await Promise.all(connections.map((connection) => connection.closed))) {
          const { answers, rest } = parseAnswers(text);
          expect(answers.map((answer) => `${answer.statusLine} ${answer.body}`)).toEqual([
            'HTTP/1.1 200 OK held',
          ]);
          expect(answers[0]?.headers['connection']).toBe('close');
          expect(rest).toBe('');
        }
        await closed;
      } finally {
        hostile.release();
        for (const { socket } of connections) socket.destroy();
      }
    },
    MANY_CONNECTIONS_TEST_TIMEOUT,
  );

  test('close() gives up on a request still in flight after shutdownTimeout', async () => {
    const hostile = createHostileApp(createRouter(), { timeoutMs: APP_TIMEOUT_MS });
    const { server, origin } = await serve(hostile.app, { shutdownTimeout: 50 });
    const stuck = openConnection(origin, request('GET /held'));
    try {
      await hostile.held(1);
      await closeServer(server);
      expect(await stuck.closed).toBe('');
    } finally {
      hostile.release();
    }
  });
});

describe('server timeouts around the application, FindMyWayRouter (no router takes part)', () => {
  const [, createRouter] = ADAPTERS[0]!;

  test('an idle keep-alive connection is closed after keepAliveTimeout (Node waits 1 s more)', async () => {
    const { server, origin } = await serve(createHostileApp(createRouter()).app, SERVER_TIMEOUTS);
    try {
      const connection = openConnection(origin, request('GET /static'));
      const { answers, rest } = parseAnswers(await connection.closed);
      expect(answers.map((answer) => `${answer.statusLine} ${answer.body}`)).toEqual([
        'HTTP/1.1 200 OK static',
      ]);
      expect(answers[0]?.headers['keep-alive']).toBe('timeout=0');
      expect(rest).toBe('');
    } finally {
      await closeServer(server);
    }
  });

  test('a slow body outlasting a shorter timeout() gets its 503, then requestTimeout cuts the connection with 408', async () => {
    const hostile = createHostileApp(createRouter(), { timeoutMs: 100 });
    const { server, origin } = await serve(hostile.app, SERVER_TIMEOUTS);
    try {
      const upload = hostile.nextUpload();
      const exchange = await rawExchange(origin, [
        request('POST /upload', ['Content-Length: 100'], 'x'.repeat(10)),
      ]);
      expect(exchange.answers.map((answer) => answer.statusLine)).toEqual([
        'HTTP/1.1 503 Service Unavailable',
        requestTimedOut.statusLine,
      ]);
      expectAnswer(exchange.answers[0], {
        statusLine: 'HTTP/1.1 503 Service Unavailable',
        headers: { 'content-type': 'application/problem+json' },
        body: /"code":"FRAMEWORK_ERR_REQUEST_TIMEOUT"/,
      });
      expectAnswer(exchange.answers[1], requestTimedOut);
      expect(exchange.rest).toBe('');
      expect(await upload).toBe('FRAMEWORK_ERR_REQUEST_ABORTED');
      expect(hostile.reported).toHaveLength(0);
    } finally {
      await closeServer(server);
    }
  });
});
