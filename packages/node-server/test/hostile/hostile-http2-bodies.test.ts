import { beforeAll, describe, expect, test } from '@jest/globals';
import { constants } from 'node:http2';
import { Readable } from 'node:stream';
import { LightResponse, TextResponse } from '@framework/application';
import type { NodeServer } from '../../src';
import { createApp } from '../support/app';
import { type Certificate, selfSignedCertificate } from '../support/certificate';
import { portOf } from '../support/clients';
import { closedAfterEach } from '../support/closed-after-each';
import { type Field, FRAME, RawHttp2Connection, requestFields } from '../support/raw-http2';
import { HTTP2_TRANSPORTS, serveOver } from '../support/transports';

// Request bodies that contradict their Content-Length, trailers, HEAD answers with a body, and
// handlers that fail on a stream the client has already reset, over a raw HTTP/2 connection.

let certificate: Certificate;
beforeAll(async () => {
  certificate = await selfSignedCertificate();
}, 30_000);

const { servers, sessions } = closedAfterEach();

const { NGHTTP2_CANCEL, NGHTTP2_INTERNAL_ERROR, NGHTTP2_PROTOCOL_ERROR } = constants;

function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

/** A stream body that yields one chunk, then fails; `released` resolves once it is destroyed. */
function failingBody(): { body: Readable; released: Promise<void> } {
  const released = deferred();
  const body = new Readable({
    read() {
      this.push('first part, ');
      setImmediate(() => this.destroy(new Error('the disk went away')));
    },
  });
  body.once('close', () => released.resolve());
  return { body, released: released.promise };
}

describe.each(HTTP2_TRANSPORTS)('hostile HTTP/2 bodies and failing handlers, %s', (transport) => {
  const ca = (): string | undefined => (transport === 'h2' ? certificate.cert : undefined);
  const scheme = transport === 'h2' ? 'https' : 'http';
  const post = (path: string, extra: readonly Field[] = []): Field[] => [
    ...requestFields(scheme, 'POST', path),
    ...extra,
  ];

  async function serve(
    setUp: (app: ReturnType<typeof createApp>) => void,
  ): Promise<{ server: NodeServer; raw: RawHttp2Connection; reported: unknown[] }> {
    const reported: unknown[] = [];
    const app = createApp({ onError: (error) => reported.push(error) });
    app.get('/ping', () => new TextResponse('pong'));
    setUp(app);
    const server = await serveOver(transport, app, certificate);
    servers.push(server);
    const raw = await RawHttp2Connection.open(portOf(server), ca());
    sessions.push(raw);
    return { server, raw, reported };
  }

  /** A server whose /upload handler reads the body and records what it got: its text, or the read's error code. */
  async function serveUpload() {
    const reads: { body?: string; failure?: string }[] = [];
    const settled: (() => void)[] = [];
    const served = await serve((app) =>
      app.post('/upload', async (request) => {
        try {
          const body = await request.text();
          reads.push({ body });
          return new TextResponse(`got ${body}`);
        } catch (error) {
          reads.push({ failure: (error as { code?: string }).code });
          throw error;
        } finally {
          settled.shift()?.();
        }
      }),
    );
    const nextRead = (): Promise<void> => new Promise((resolve) => settled.push(resolve));
    return { ...served, reads, nextRead };
  }

  test.each<[string, string, (raw: RawHttp2Connection) => Promise<void>]>([
    [
      'more DATA than its Content-Length, in one frame',
      '3',
      async (raw) => {
        raw.data(1, 'abcdef', { endStream: true });
      },
    ],
    [
      'more DATA than its Content-Length, after the declared bytes came',
      '3',
      async (raw) => {
        raw.data(1, 'abc');
        await raw.ping();
        raw.data(1, 'def', { endStream: true });
      },
    ],
    [
      'less DATA than its Content-Length, then the end of the stream',
      '3',
      async (raw) => {
        raw.data(1, 'ab', { endStream: true });
      },
    ],
    [
      'DATA past a Content-Length of 0',
      '0',
      async (raw) => {
        raw.data(1, 'abc', { endStream: true });
      },
    ],
  ])(
    'a body of %s is refused (the stream reset, or the session ended); the handler read fails, never sees it as valid',
    async (_name, declared, send) => {
      const { server, raw, reads, nextRead } = await serveUpload();
      const read = nextRead();
      raw.headers(1, post('/upload', [['content-length', declared]]), { endStream: false });
      await send(raw);
      // Node 20 resets the stream (PROTOCOL_ERROR); Node 22 and 24 end the session (INTERNAL_ERROR).
      const refusal = await raw.refusal(1);
      expect([NGHTTP2_PROTOCOL_ERROR, NGHTTP2_INTERNAL_ERROR]).toContain(refusal.reset ?? refusal.goaway);
      await read;
      expect(reads).toEqual([{ failure: 'FRAMEWORK_ERR_REQUEST_ABORTED' }]);
      const next = refusal.goaway === undefined ? raw : await RawHttp2Connection.open(portOf(server), ca());
      sessions.push(next);
      next.headers(3, requestFields(scheme, 'GET', '/ping'));
      expect((await next.end(3)).body).toBe('pong');
    },
  );

  test.each(['3x', '-1', '3, 4'])(
    'a Content-Length of "%s" is reset with PROTOCOL_ERROR before the handler',
    async (declared) => {
      const { raw, reads } = await serveUpload();
      raw.headers(1, post('/upload', [['content-length', declared]]), { endStream: false });
      raw.data(1, 'abc', { endStream: true });
      expect((await raw.end(1)).reset).toBe(NGHTTP2_PROTOCOL_ERROR);
      raw.headers(3, requestFields(scheme, 'GET', '/ping'));
      expect((await raw.end(3)).body).toBe('pong');
      expect(reads).toEqual([]);
    },
  );

  test('trailers after a body are accepted and the whole body read; trailers with a pseudo-header or a Content-Length are reset', async () => {
    const { raw, reads } = await serveUpload();
    raw.headers(1, post('/upload'), { endStream: false });
    raw.data(1, 'abc');
    raw.headers(1, [['x-checksum', '900150983cd24fb0']]);
    expect((await raw.end(1)).body).toBe('got abc');
    raw.headers(3, post('/upload'), { endStream: false });
    raw.data(3, 'abc');
    raw.headers(3, [[':path', '/elsewhere']]);
    raw.headers(5, post('/upload', [['content-length', '3']]), { endStream: false });
    raw.data(5, 'abc');
    raw.headers(5, [['content-length', '9']]);
    expect((await raw.end(3)).reset).toBe(NGHTTP2_PROTOCOL_ERROR);
    expect((await raw.end(5)).reset).toBe(NGHTTP2_PROTOCOL_ERROR);
    await raw.ping();
    expect(reads.filter((read) => read.body !== undefined)).toEqual([{ body: 'abc' }]);
  });

  test('a HEAD whose handler returns a body gets its headers and no DATA frame; a stream body is released', async () => {
    const released: Promise<void>[] = [];
    const { raw } = await serve((app) => {
      app.route(
        '/stream',
        () => {
          const { body, released: done } = failingBody();
          released.push(done);
          return new LightResponse(body);
        },
        ['HEAD'],
      );
      app.route('/text', () => new LightResponse('a body', { headers: { 'x-kind': 'text' } }), ['HEAD']);
      app.route('/plain', () => new TextResponse('a body'), ['HEAD']);
    });
    ['/stream', '/text', '/plain'].forEach((path, index) =>
      raw.headers(2 * index + 1, requestFields(scheme, 'HEAD', path)),
    );
    for (const id of [1, 3, 5]) {
      const end = await raw.end(id);
      expect([end.hasData, end.reset]).toEqual([false, undefined]);
      expect(raw.framesOf(id).map((frame) => frame.type)).toEqual([FRAME.HEADERS]);
    }
    await Promise.all(released);
  });

  test.each<[string, (gate: Promise<void>) => (request: unknown) => unknown]>([
    [
      'throws',
      (gate) => async () => {
        await gate;
        throw new Error('boom');
      },
    ],
    [
      'rejects',
      (gate) => () =>
        gate.then(() => {
          throw new Error('boom');
        }),
    ],
    [
      'returns a stream that errors',
      (gate) => async () => {
        await gate;
        return new LightResponse(failingBody().body);
      },
    ],
  ])(
    'a handler that %s after the client reset its stream is contained; the session goes on',
    async (_name, make) => {
      const gate = deferred();
      const entered = deferred();
      const { raw } = await serve((app) => {
        const handler = make(gate.promise);
        app.get('/late', (request) => {
          entered.resolve();
          return handler(request) as Promise<LightResponse>;
        });
      });
      raw.headers(1, requestFields(scheme, 'GET', '/late'));
      await entered.promise;
      raw.reset(1, NGHTTP2_CANCEL);
      await raw.ping();
      gate.resolve();
      await new Promise((resolve) => setImmediate(resolve));
      raw.headers(3, requestFields(scheme, 'GET', '/ping'));
      expect((await raw.end(3)).body).toBe('pong');
      expect(raw.framesOf(1)).toEqual([]);
    },
  );

  test('a handler that throws synchronously on a stream reset in the same packet is contained; the session goes on', async () => {
    const { raw, reported } = await serve((app) =>
      app.get('/throws', () => {
        throw new Error('boom');
      }),
    );
    raw.headers(1, requestFields(scheme, 'GET', '/throws'));
    raw.reset(1, NGHTTP2_CANCEL);
    raw.headers(3, requestFields(scheme, 'GET', '/ping'));
    expect((await raw.end(3)).body).toBe('pong');
    expect(reported.map((error) => (error as Error).message)).toEqual(['boom']);
  });
});
