import { beforeAll, describe, expect, test } from '@jest/globals';
import { once } from 'node:events';
import { type ClientHttp2Session, type ClientHttp2Stream, constants } from 'node:http2';
import { Readable } from 'node:stream';
import { LightResponse, TextResponse } from '@framework/application';
import type { NodeServer, RunOptions } from '../src';
import { createApp } from './support/app';
import { type Certificate, selfSignedCertificate } from './support/certificate';
import { http2Request, http2Session, portOf } from './support/clients';
import { FRAME, RawHttp2Connection } from './support/raw-http2';
import { closedAfterEach } from './support/closed-after-each';
import { HTTP2_TRANSPORTS, serveOver } from './support/transports';

// run({ http2: true }) answers streams on node:http2's core API (respond() on the stream); these
// cases pin what the compatibility API used to do for it, and the protections on that path.

let certificate: Certificate;
beforeAll(async () => {
  certificate = await selfSignedCertificate();
}, 30_000);

const { servers, sessions } = closedAfterEach();

const END_STREAM = 0x1;
const MIB = 1024 * 1024;

function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

/** Resolves with the status and body of a client stream, or with its reset code when it is reset. */
function outcome(stream: ClientHttp2Stream): Promise<{ status?: number; body: string; rstCode: number }> {
  return new Promise((resolve) => {
    let status: number | undefined;
    let body = '';
    stream.on('error', () => undefined);
    stream.on('response', (headers) => (status = Number(headers[':status'])));
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (body += chunk));
    stream.on('close', () => resolve({ status, body, rstCode: stream.rstCode ?? 0 }));
  });
}

describe.each(HTTP2_TRANSPORTS)('HTTP/2 answers on the core API, %s', (transport) => {
  const ca = (): string | undefined => (transport === 'h2' ? certificate.cert : undefined);

  async function serve(setUp: (app: ReturnType<typeof createApp>) => void, options: RunOptions = {}) {
    const reported: unknown[] = [];
    const app = createApp({ bodyLimit: 64, onError: (error) => reported.push(error) });
    app.get('/ping', () => new TextResponse('pong'));
    setUp(app);
    const server = await serveOver(transport, app, certificate, options);
    servers.push(server);
    return { server, reported };
  }

  function session(server: NodeServer): ClientHttp2Session {
    const opened = http2Session(portOf(server), ca());
    sessions.push(opened);
    return opened;
  }

  test('each stream reaches the handler once, and its answer ends with its last DATA frame', async () => {
    let calls = 0;
    const { server } = await serve((app) =>
      app.get('/text', () => {
        calls += 1;
        return new TextResponse('héllo');
      }),
    );
    const raw = await RawHttp2Connection.open(portOf(server), ca());
    try {
      raw.get(1, '/text');
      const ended = (): boolean =>
        raw.frames.some((frame) => frame.streamId === 1 && (frame.flags & END_STREAM) !== 0);
      await raw.until(ended);
      await raw.ping(); // nothing more comes for the stream after its end
      const frames = raw.frames.filter((frame) => frame.streamId === 1);
      expect(frames.map((frame) => [frame.type, frame.flags & END_STREAM])).toEqual([
        [FRAME.HEADERS, 0],
        [FRAME.DATA, END_STREAM],
      ]);
      expect(frames[1]?.payload.toString('utf8')).toBe('héllo');
      expect(calls).toBe(1);
    } finally {
      raw.destroy();
    }
  });

  test('CONNECT gets 405, Expect: 100-continue a 100 before the answer, another expectation 417', async () => {
    let handled = 0;
    const { server } = await serve((app) =>
      app.post('/upload', async (request) => {
        handled += 1;
        return new TextResponse(`got ${(await request.text()).length} bytes`);
      }),
    );
    const client = session(server);
    const connect = client.request({ ':method': 'CONNECT', ':authority': 'localhost:443' });
    expect((await outcome(connect)).status).toBe(405);

    const continued = client.request({ ':method': 'POST', ':path': '/upload', expect: '100-continue' });
    const answer = outcome(continued);
    await once(continued, 'continue');
    continued.end('twelve bytes');
    expect(await answer).toMatchObject({ status: 200, body: 'got 12 bytes' });

    const refused = client.request({ ':method': 'POST', ':path': '/upload', expect: 'something-else' });
    refused.end('body');
    expect((await outcome(refused)).status).toBe(417);
    expect(handled).toBe(1);
  });

  test('a Connection header is dropped; a header name or value node:http refuses answers 500, the session goes on', async () => {
    const { server, reported } = await serve((app) => {
      app.get(
        '/connection',
        () => new TextResponse('kept', { headers: { connection: 'close', 'x-a': 'b' } }),
      );
      app.get('/bad-name', () => new LightResponse('x', { headers: { 'bad name': 'v' } }));
      app.get('/bad-value', () => new LightResponse('x', { headers: { 'x-v': 'a\r\nset-cookie: b' } }));
    });
    const client = session(server);
    const kept = await http2Request(client, '/connection');
    expect([kept.status, kept.body, kept.headers['x-a'], kept.headers.connection]).toEqual([
      200,
      'kept',
      'b',
      undefined,
    ]);
    const badName = await http2Request(client, '/bad-name');
    const badValue = await http2Request(client, '/bad-value');
    expect([badName.status, badValue.status]).toEqual([500, 500]);
    expect(badValue.headers['set-cookie']).toBeUndefined();
    expect(reported.map((error) => (error as { code?: string }).code)).toEqual([
      'ERR_INVALID_HTTP_TOKEN',
      'ERR_INVALID_CHAR',
    ]);
    expect((await http2Request(client, '/ping')).body).toBe('pong');
  });

  test('HEAD keeps the length of the GET answer; 204 and 304 carry no body and no length', async () => {
    const { server } = await serve((app) => {
      app.get('/text', () => new TextResponse('héllo'));
      app.get('/none', () => new LightResponse(null, { status: 204 }));
      app.get('/same', () => new LightResponse('unchanged', { status: 304, headers: { etag: '"1"' } }));
    });
    const client = session(server);
    const head = await http2Request(client, '/text', { method: 'HEAD' });
    expect([head.status, head.body, head.headers['content-length']]).toEqual([200, '', '6']);
    const none = await http2Request(client, '/none');
    expect([none.status, none.body, none.headers['content-length']]).toEqual([204, '', undefined]);
    const same = await http2Request(client, '/same');
    expect([same.status, same.body, same.headers.etag]).toEqual([304, '', '"1"']);
  });

  test('hostile: a stream reset with an error code mid-upload fails the read, aborts request.signal, and the server goes on', async () => {
    const read = deferred<string>();
    const aborted = deferred();
    const { server } = await serve((app) =>
      app.post('/upload', async (request) => {
        request.signal.addEventListener('abort', () => aborted.resolve());
        try {
          await request.text();
          read.resolve('read');
        } catch (error) {
          read.resolve((error as { code?: string }).code ?? String(error));
        }
        return new TextResponse('never sent');
      }),
    );
    // A raw client: node:http2's close() would end the body (END_STREAM) before it resets the stream.
    const raw = await RawHttp2Connection.open(portOf(server), ca());
    try {
      raw.post(1, '/upload');
      raw.data(1, 'part of a body');
      await raw.ping();
      raw.reset(1, constants.NGHTTP2_INTERNAL_ERROR);
      expect(await read.promise).toBe('FRAMEWORK_ERR_REQUEST_ABORTED');
      await aborted.promise;
    } finally {
      raw.destroy();
    }
    expect((await http2Request(session(server), '/ping')).body).toBe('pong');
  });

  test('hostile: an oversized body gets 413, declared or streamed, unread past the limit; the session goes on', async () => {
    const { server } = await serve((app) =>
      app.post('/upload', async (request) => new TextResponse(`got ${(await request.text()).length} bytes`)),
    );
    const client = session(server);
    // Declared over the limit: answered before any of it is sent.
    const declared = client.request({ ':method': 'POST', ':path': '/upload', 'content-length': '10000000' });
    const declaredAnswer = outcome(declared);
    const [early] = (await once(declared, 'response')) as [Record<string, unknown>];
    expect(early[':status']).toBe(413);
    declared.close();
    expect((await declaredAnswer).status).toBe(413);
    // No length, 1 MiB sent in pieces: 413 once the limit is passed.
    const streamed = client.request({ ':method': 'POST', ':path': '/upload' });
    const streamedAnswer = outcome(streamed);
    for (let sent = 0; sent < MIB; sent += 16 * 1024) streamed.write(Buffer.alloc(16 * 1024, 'x'));
    streamed.end();
    expect((await streamedAnswer).status).toBe(413);
    // Under the limit, the same route reads it.
    expect((await http2Request(client, '/upload', { method: 'POST', body: 'small' })).body).toBe(
      'got 5 bytes',
    );
  });

  test('hostile: a client that reads nothing of a 20 MiB in-memory answer is cut by writeTimeout', async () => {
    const { server } = await serve((app) => app.get('/big', () => new TextResponse('x'.repeat(20 * MIB))), {
      writeTimeout: 300,
    });
    const client = session(server);
    const stalled = client.request({ ':path': '/big' });
    const result = outcome(stalled);
    stalled.pause();
    expect((await result).rstCode).toBe(constants.NGHTTP2_CANCEL);
    expect((await http2Request(session(server), '/ping')).body).toBe('pong');
  });

  test('hostile: a stream body that fails mid-answer resets the stream; the session goes on', async () => {
    const { server } = await serve((app) =>
      app.get('/failing', () => {
        async function* failing(): AsyncGenerator<Uint8Array> {
          yield Buffer.from('first part, ');
          throw new Error('the disk went away');
        }
        return new LightResponse(Readable.from(failing()));
      }),
    );
    const client = session(server);
    const failed = await outcome(client.request({ ':path': '/failing' }));
    expect(failed.rstCode).toBe(constants.NGHTTP2_INTERNAL_ERROR);
    expect((await http2Request(client, '/ping')).body).toBe('pong');
  });
});
