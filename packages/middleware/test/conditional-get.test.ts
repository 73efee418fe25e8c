import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Readable } from 'node:stream';
import { JsonResponse, LightResponse, TextResponse } from '@framework/application';
import { conditionalGet } from '../src';
import { appFromConfig, appWith, call, listen, send, type Served } from './support/app';

const MODIFIED = 'Wed, 21 Oct 2026 07:28:00 GMT';

describe('conditionalGet() over a socket', () => {
  let served: Served;
  let streamsOpened = 0;
  beforeAll(async () => {
    const app = appWith(conditionalGet());
    app.get('/note', () => new JsonResponse({ title: 'hello' }, { headers: { 'cache-control': 'private' } }));
    app.get(
      '/bytes',
      () => new LightResponse(Buffer.from('bytes body'), { headers: { 'content-type': 'text/plain' } }),
    );
    app.get('/dated', () => new TextResponse('dated', { headers: { 'last-modified': MODIFIED } }));
    app.get('/stream', () => {
      streamsOpened++;
      return new LightResponse(Readable.from(['streamed']), { headers: { 'content-type': 'text/plain' } });
    });
    app.get(
      '/tagged-stream',
      () =>
        new LightResponse(Readable.from(['streamed']), {
          headers: { 'content-type': 'text/plain', etag: '"v2"' },
        }),
    );
    app.post('/note', () => new TextResponse('created', 201));
    served = await listen(app);
  });
  afterAll(() => served.close());

  it('gives an in-memory body a weak ETag and answers 304 to If-None-Match', async () => {
    const first = await send(served.origin, '/note');
    expect(first.status).toBe(200);
    expect(first.headers.etag).toMatch(/^W\/"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);
    const again = await send(served.origin, '/note', {
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe('private');
    expect(again.headers['content-type']).toBeUndefined();
    const list = await send(served.origin, '/note', {
      headers: { 'if-none-match': `W/"x", ${first.headers.etag}` },
    });
    expect(list.status).toBe(304);
    expect((await send(served.origin, '/note', { headers: { 'if-none-match': '*' } })).status).toBe(304);
  });

  it('answers 200 with the body when the tag differs, and tags byte bodies too', async () => {
    const answer = await send(served.origin, '/note', { headers: { 'if-none-match': 'W/"stale"' } });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString())).toEqual({ title: 'hello' });
    expect((await send(served.origin, '/bytes')).headers.etag).toMatch(/^W\//);
  });

  it('answers 304 to If-Modified-Since when the handler set Last-Modified', async () => {
    const fresh = await send(served.origin, '/dated', { headers: { 'if-modified-since': MODIFIED } });
    expect(fresh.status).toBe(304);
    expect(fresh.headers['last-modified']).toBe(MODIFIED);
    const older = await send(served.origin, '/dated', {
      headers: { 'if-modified-since': 'Tue, 20 Oct 2026 07:28:00 GMT' },
    });
    expect(older.status).toBe(200);
  });

  it('never reads a stream body; a stream the handler tagged still gets 304', async () => {
    const answer = await send(served.origin, '/stream', { headers: { 'if-none-match': '*' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.etag).toBeUndefined();
    expect(answer.body.toString()).toBe('streamed');
    expect(streamsOpened).toBe(1);
    const tagged = await send(served.origin, '/tagged-stream', { headers: { 'if-none-match': '"v2"' } });
    expect(tagged.status).toBe(304);
  });

  it('leaves other methods and statuses alone, and ignores malformed validators', async () => {
    const post = await send(served.origin, '/note', { method: 'POST', headers: { 'if-none-match': '*' } });
    expect(post.status).toBe(201);
    expect(post.headers.etag).toBeUndefined();
    for (const value of ['"unterminated', ',,,', 'W/', `${'"x", '.repeat(2000)}"y"`]) {
      const answer = await send(served.origin, '/note', { headers: { 'if-none-match': value } });
      expect([value.slice(0, 20), answer.status]).toEqual([value.slice(0, 20), 200]);
    }
    const badDate = await send(served.origin, '/dated', { headers: { 'if-modified-since': 'not a date' } });
    expect(badDate.status).toBe(200);
  });
});

describe('conditionalGet() through app.fetch and config', () => {
  it('works from routes and middleware_pipeline config, as a factory call and as a container service', async () => {
    for (const middleware of [conditionalGet(), 'ConditionalGet']) {
      const app = appFromConfig(middleware, {
        routes: [{ path: '/', middleware: () => new TextResponse('home') }],
        services: { ConditionalGet: () => conditionalGet() },
      });
      const etag = (await call(app, '/')).headers.get('etag') as string;
      expect((await call(app, '/', { headers: { 'if-none-match': etag } })).status).toBe(304);
    }
    const routed = appWith();
    routed.get('/', [conditionalGet(), () => new TextResponse('home')]);
    const etag = (await call(routed, '/')).headers.get('etag') as string;
    expect((await call(routed, '/', { headers: { 'if-none-match': etag } })).status).toBe(304);
  });
});
