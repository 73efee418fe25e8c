import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import type { Server } from 'node:http';
import { TextResponse } from '@framework/application';
import { createApp } from './support/app';
import { openConnection } from './support/raw-http';
import { closeServer, serve } from './support/serve';

const reported: unknown[] = [];
let started: Promise<void>;
let start!: () => void;
let settled: Promise<void>;
let settle!: () => void;

const app = createApp({ bodyLimit: 64, onError: (error) => reported.push(error) });
app.post('/upload', async (request) => {
  start();
  try {
    return new TextResponse(`read ${(await request.text()).length}`);
  } finally {
    settle();
  }
});
app.get('/boom', () => {
  throw new Error('a real server error');
});

let server: Server;
let origin: string;
beforeAll(async () => {
  ({ server, origin } = await serve(app));
});
afterAll(() => closeServer(server));
beforeEach(() => {
  reported.length = 0;
  started = new Promise((resolve) => (start = resolve));
  settled = new Promise((resolve) => (settle = resolve));
});

/** Waits until the handler has settled and its error (if any) went through the error handler. */
async function handlerDone(): Promise<void> {
  await settled;
  await new Promise((resolve) => setImmediate(resolve));
}

describe('an early 413', () => {
  test('a declared Content-Length over the limit is answered with Connection: close, the body unread', async () => {
    const connection = openConnection(
      origin,
      'POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Length: 10737418240\r\n\r\n',
    );
    // The server closes the connection although the client still has 10 GB to send.
    const answer = await connection.closed;
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
    expect(answer.toLowerCase()).toContain('\r\nconnection: close\r\n');
    expect(answer).toContain('"code":"FRAMEWORK_ERR_BODY_TOO_LARGE"');
  });

  test('a streamed body over the limit gets a 413 and the connection closes after it', async () => {
    const connection = openConnection(
      origin,
      `POST /upload HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n64\r\n${'x'.repeat(100)}\r\n`,
    );
    const answer = await connection.closed;
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
    expect(answer.toLowerCase()).toContain('\r\nconnection: close\r\n');
  });

  test('a body within the limit is still read', async () => {
    const connection = openConnection(
      origin,
      'POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello',
    );
    expect(await connection.closed).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\nread 5$/);
  });
});

describe('client aborts and transport errors are not reported as server errors', () => {
  test('a client that leaves in the middle of its body is not reported to onError', async () => {
    const connection = openConnection(
      origin,
      'POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Length: 50\r\n\r\nonly ten b',
    );
    await started;
    connection.socket.destroy();
    await handlerDone();
    expect(reported).toEqual([]);
  });

  test("a malformed chunked body gets Node's 400 and is not reported to onError", async () => {
    const connection = openConnection(
      origin,
      'POST /upload HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\nzz\r\n',
    );
    expect((await connection.closed).split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    await handlerDone();
    expect(reported).toEqual([]);
  });

  test('a real server error is still reported', async () => {
    const connection = openConnection(
      origin,
      'GET /boom HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    expect((await connection.closed).split('\r\n')[0]).toBe('HTTP/1.1 500 Internal Server Error');
    expect(reported).toEqual([expect.objectContaining({ message: 'a real server error' })]);
  });
});
