import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { PassThrough, Readable } from 'node:stream';
import { brotliDecompressSync, createBrotliDecompress, createGunzip, gunzipSync } from 'node:zlib';
import {
  type Application,
  EmptyResponse,
  JsonResponse,
  LightResponse,
  TextResponse,
} from '@framework/application';
import { compress, MAX_ACCEPT_ENCODING_LENGTH } from '../src';
import { appFromConfig, appWith, call, listen, send, type Served } from './support/app';

const LONG_TEXT = 'All work and no play makes Jack a dull boy. '.repeat(200);

function textApp(): Application {
  const app = appWith(compress());
  app.get('/text', () => new TextResponse(LONG_TEXT));
  app.get('/short', () => new TextResponse('short'));
  app.get('/large', () => new TextResponse(LONG_TEXT.repeat(10)));
  app.get('/png', () => new LightResponse(Buffer.alloc(4096), { headers: { 'content-type': 'image/png' } }));
  app.get('/encoded', () => new TextResponse(LONG_TEXT, { headers: { 'content-encoding': 'identity-ish' } }));
  app.get(
    '/no-transform',
    () => new TextResponse(LONG_TEXT, { headers: { 'cache-control': 'no-transform' } }),
  );
  app.get('/empty', () => new EmptyResponse());
  app.get('/tagged', () => new TextResponse(LONG_TEXT, { headers: { etag: '"v1"' } }));
  app.get('/stream', () => {
    const chunks = Array.from({ length: 64 }, () => Buffer.from(LONG_TEXT));
    return new LightResponse(Readable.from(chunks), { headers: { 'content-type': 'text/csv' } });
  });
  return app;
}

describe('compress() over a socket', () => {
  let served: Served;
  beforeAll(async () => (served = await listen(textApp())));
  afterAll(() => served.close());

  it('gzips an in-memory body when gzip is all the client takes, with Content-Length and Vary', async () => {
    const answer = await send(served.origin, '/text', { headers: { 'accept-encoding': 'gzip' } });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(LONG_TEXT.length / 10);
    expect(gunzipSync(answer.body).toString()).toBe(LONG_TEXT);
  });

  it('compresses an in-memory body over 16 KiB off the event loop just the same', async () => {
    for (const encoding of ['gzip', 'br']) {
      const answer = await send(served.origin, '/large', { headers: { 'accept-encoding': encoding } });
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      const decoded = encoding === 'gzip' ? gunzipSync(answer.body) : brotliDecompressSync(answer.body);
      expect(decoded.toString()).toBe(LONG_TEXT.repeat(10));
    }
  });

  it('prefers brotli when the client takes both equally, and follows q-values otherwise', async () => {
    const both = await send(served.origin, '/text', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(both.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(both.body).toString()).toBe(LONG_TEXT);
    const gzipFirst = await send(served.origin, '/text', {
      headers: { 'accept-encoding': 'br;q=0.5, gzip;q=0.9' },
    });
    expect(gzipFirst.headers['content-encoding']).toBe('gzip');
  });

  it('compresses a stream body in chunks, without Content-Length', async () => {
    const answer = await send(served.origin, '/stream', { headers: { 'accept-encoding': 'gzip' } });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['content-length']).toBeUndefined();
    expect(answer.headers['transfer-encoding']).toBe('chunked');
    expect(gunzipSync(answer.body).toString()).toBe(LONG_TEXT.repeat(64));
  });

  it('leaves alone small bodies, images, encoded answers, no-transform and empty answers', async () => {
    for (const path of ['/short', '/png', '/encoded', '/no-transform', '/empty']) {
      const answer = await send(served.origin, path, { headers: { 'accept-encoding': 'gzip, br' } });
      expect([path, answer.headers['content-encoding']]).not.toEqual([path, 'gzip']);
      expect([path, answer.headers['content-encoding']]).not.toEqual([path, 'br']);
    }
    const png = await send(served.origin, '/png', { headers: { 'accept-encoding': 'gzip' } });
    expect(png.headers.vary).toBeUndefined();
    const short = await send(served.origin, '/short', { headers: { 'accept-encoding': 'gzip' } });
    expect(short.headers.vary).toBe('Accept-Encoding');
  });

  it("compress: HEAD answers carry the GET's Content-Encoding, Vary and ETag, without a body", async () => {
    for (const path of ['/text', '/tagged', '/stream']) {
      const get = await send(served.origin, path, { headers: { 'accept-encoding': 'gzip' } });
      const head = await send(served.origin, path, {
        method: 'HEAD',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect([path, head.status, head.body.length]).toEqual([path, 200, 0]);
      for (const name of ['content-encoding', 'vary', 'etag', 'content-type']) {
        expect([path, name, head.headers[name]]).toEqual([path, name, get.headers[name]]);
      }
      expect(head.headers['content-length']).toBeUndefined();
    }
    const identity = await send(served.origin, '/text', {
      method: 'HEAD',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers['content-length']).toBe(String(LONG_TEXT.length));
    expect(identity.headers.vary).toBe('Accept-Encoding');
  });

  it('Accept-Encoding codings are case-insensitive (GZIP matches)', async () => {
    for (const [value, encoding] of [
      ['GZIP', 'gzip'],
      ['Br', 'br'],
      ['gzip;Q=0.5, BR;q=0.9', 'br'],
    ]) {
      const answer = await send(served.origin, '/text', { headers: { 'accept-encoding': value as string } });
      expect([value, answer.headers['content-encoding']]).toEqual([value, encoding]);
    }
  });

  it('answers malformed, refused and oversized Accept-Encoding values uncompressed', async () => {
    const values = [
      'identity',
      'gzip;q=0, br;q=0',
      '*;q=0',
      ';;;,,,q=',
      'gzip;q=abc',
      'x'.repeat(100) + ', gzip',
      `${'x, '.repeat(MAX_ACCEPT_ENCODING_LENGTH)}gzip`,
    ];
    for (const value of values) {
      const answer = await send(served.origin, '/text', { headers: { 'accept-encoding': value } });
      expect(answer.status).toBe(200);
      if (answer.headers['content-encoding'] === undefined) expect(answer.body.toString()).toBe(LONG_TEXT);
      else expect(gunzipSync(answer.body).toString()).toBe(LONG_TEXT);
    }
    const oversized = await send(served.origin, '/text', {
      headers: { 'accept-encoding': `${'x, '.repeat(MAX_ACCEPT_ENCODING_LENGTH)}gzip` },
    });
    expect(oversized.headers['content-encoding']).toBeUndefined();
    const refused = await send(served.origin, '/text', {
      headers: { 'accept-encoding': 'gzip;q=0, br;q=0' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('never answers in a coding the client gave q=0, even when it also accepts *', async () => {
    const cases: ReadonlyArray<readonly [string, string | undefined]> = [
      ['gzip;q=0, br;q=0, *', undefined],
      ['br;q=0, *', 'gzip'],
      ['BR; Q=0.000, *;q=0.5', 'gzip'],
      ['gzip;q=0, *', 'br'],
      ['*, br;q=0.0', 'gzip'],
    ];
    for (const [value, encoding] of cases) {
      const answer = await send(served.origin, '/text', { headers: { 'accept-encoding': value } });
      expect([value, answer.headers['content-encoding']]).toEqual([value, encoding]);
    }
  });

  it('gives each encoding its own weak ETag, the coding appended', async () => {
    for (const encoding of ['gzip', 'br']) {
      const answer = await send(served.origin, '/tagged', { headers: { 'accept-encoding': encoding } });
      expect(answer.headers.etag).toBe(`W/"v1-${encoding}"`);
    }
    expect((await send(served.origin, '/tagged')).headers.etag).toBe('"v1"');
  });
});

describe('compress() bounds the memory of a stream body', () => {
  it('pulls only a bounded amount from an endless source while the client does not read', async () => {
    let produced = 0;
    const block = randomBytes(64 * 1024);
    const source = new Readable({
      read() {
        produced += block.length;
        this.push(block);
      },
    });
    const app = appWith(compress());
    app.get('/endless', () => new LightResponse(source, { headers: { 'content-type': 'text/plain' } }));
    const response = await call(app, '/endless', { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    // Let the pipeline run until backpressure stops it: the source is no longer pulled.
    let settled = 0;
    let last = -1;
    while (settled < 20) {
      await new Promise((resolve) => setImmediate(resolve));
      settled = produced === last ? settled + 1 : 0;
      last = produced;
    }
    expect(produced).toBeLessThan(4 * 1024 * 1024);
    await reader.cancel();
    await new Promise((resolve) => setImmediate(resolve));
    expect(source.destroyed).toBe(true);
  });
});

describe('compress() through app.fetch and config', () => {
  it('cuts the connection when a compressed stream body fails midway, never ending it as if whole', async () => {
    const app = appWith(compress({ threshold: 0 }));
    const failing = async function* () {
      yield LONG_TEXT;
      await new Promise((resolve) => setImmediate(resolve));
      throw new Error('the source failed');
    };
    app.get(
      '/failing',
      () => new LightResponse(Readable.from(failing()), { headers: { 'content-type': 'text/plain' } }),
    );
    app.get('/after', () => new TextResponse(LONG_TEXT));
    const served = await listen(app);
    try {
      for (const encoding of ['gzip', 'br']) {
        const cut = send(served.origin, '/failing', { headers: { 'accept-encoding': encoding } });
        await expect(cut).rejects.toThrow(/aborted|socket hang up|ECONNRESET/);
        const after = await send(served.origin, '/after', { headers: { 'accept-encoding': encoding } });
        expect([after.status, after.headers['content-encoding']]).toEqual([200, encoding]);
      }
    } finally {
      await served.close();
    }
  });

  it('compresses a WHATWG Response stream body', async () => {
    const app = appWith(compress({ encodings: ['gzip'] }));
    app.get('/', () => new Response(LONG_TEXT, { headers: { 'content-type': 'text/html' } }));
    const response = await call(app, '/', { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(LONG_TEXT);
  });

  it('honours threshold and filter options', async () => {
    const app = appWith(compress({ threshold: 0, filter: (type) => type.startsWith('application/json') }));
    app.get('/json', () => new JsonResponse({ a: 1 }));
    app.get('/text', () => new TextResponse(LONG_TEXT));
    const json = await call(app, '/json', { headers: { 'accept-encoding': 'br' } });
    expect(json.headers.get('content-encoding')).toBe('br');
    const text = await call(app, '/text', { headers: { 'accept-encoding': 'br' } });
    expect(text.headers.get('content-encoding')).toBeNull();
  });

  it('works from middleware_pipeline config, as a factory call and as a container service', async () => {
    for (const middleware of [compress(), 'Compress']) {
      const app = appFromConfig(middleware, {
        routes: [{ path: '/', middleware: () => new TextResponse(LONG_TEXT), allowed_methods: ['GET'] }],
        services: { Compress: () => compress() },
      });
      const response = await call(app, '/', { headers: { 'accept-encoding': 'gzip' } });
      expect(response.headers.get('content-encoding')).toBe('gzip');
    }
  });

  it('works as route middleware', async () => {
    const app = appWith();
    app.get('/', [compress(), () => new TextResponse(LONG_TEXT)]);
    const response = await call(app, '/', { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });

  it('refuses unknown encodings and a negative threshold, naming the option', () => {
    expect(() => compress({ threshold: -1 })).toThrow(
      'compress: option `threshold` must be a whole number of bytes, got -1.',
    );
    expect(() => compress({ encodings: ['deflate' as 'gzip'] })).toThrow(
      `compress: option \`encodings\` holds "deflate"; use 'br' and/or 'gzip'.`,
    );
  });
});

/**
 * A stream body whose next chunk is produced only once the client has decoded the previous one: held
 * back chunks never reach the client, so the exchange would not finish (and `send` fails after 5 s).
 */
function lockstepApp(type: string): { app: Application; received: (text: string) => void } {
  let release: () => void = () => undefined;
  const app = appWith(compress({ threshold: 0 }));
  app.get('/events', () => {
    async function* events(): AsyncGenerator<string> {
      for (let i = 1; i <= 3; i++) {
        const delivered = new Promise<void>((resolve) => (release = resolve));
        yield `id: ${i}\ndata: event ${i}\n\n`;
        await delivered;
      }
    }
    return new LightResponse(Readable.from(events()), { headers: { 'content-type': type } });
  });
  return { app, received: () => release() };
}

function readDecoded(
  origin: string,
  encoding: string,
  onText: (text: string) => void,
): Promise<IncomingMessage> {
  const { port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path: '/events', headers: { 'accept-encoding': encoding }, agent: false },
      (res) => {
        const decoder =
          res.headers['content-encoding'] === 'gzip'
            ? createGunzip()
            : res.headers['content-encoding'] === 'br'
              ? createBrotliDecompress()
              : new PassThrough();
        res.pipe(decoder);
        decoder.on('data', (chunk: Buffer) => onText(chunk.toString()));
        decoder.on('end', () => resolve(res));
        decoder.on('error', reject);
      },
    );
    req.setTimeout(5_000, () => req.destroy(new Error('events were held back')));
    req.on('error', reject);
    req.end();
  });
}

describe('compress() and slowly written streams', () => {
  it('compress(): text/event-stream is not compressed', async () => {
    const { app, received } = lockstepApp('text/event-stream');
    const served = await listen(app);
    try {
      let text = '';
      const res = await readDecoded(served.origin, 'gzip, br', (chunk) => {
        text += chunk;
        received(text);
      });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(text).toBe('id: 1\ndata: event 1\n\nid: 2\ndata: event 2\n\nid: 3\ndata: event 3\n\n');
    } finally {
      await served.close();
    }
  });

  it('compress(): any stream body is flushed per chunk it yields', async () => {
    for (const encoding of ['gzip', 'br']) {
      const { app, received } = lockstepApp('text/plain');
      const served = await listen(app);
      try {
        const seen: string[] = [];
        let text = '';
        const res = await readDecoded(served.origin, encoding, (chunk) => {
          text += chunk;
          seen.push(text);
          received(text);
        });
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(text).toBe('id: 1\ndata: event 1\n\nid: 2\ndata: event 2\n\nid: 3\ndata: event 3\n\n');
        expect(seen[0]).toBe('id: 1\ndata: event 1\n\n');
      } finally {
        await served.close();
      }
    }
  });

  it('compresses event streams when a filter asks for them, flushing each event', async () => {
    const { app, received } = lockstepApp('text/event-stream');
    const compressing = appWith(compress({ threshold: 0, filter: () => true }));
    compressing.pipe(app);
    const served = await listen(compressing);
    try {
      let text = '';
      const res = await readDecoded(served.origin, 'gzip', (chunk) => {
        text += chunk;
        received(text);
      });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(text).toContain('data: event 3');
    } finally {
      await served.close();
    }
  });
});
