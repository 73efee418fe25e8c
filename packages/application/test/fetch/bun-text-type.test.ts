import { describe, expect, test } from '@jest/globals';
import { HtmlResponse, JsonResponse, TextResponse } from '../../src';
import { createApp } from '../support/app';

/** What `Bun.serve` passes as `fetch`'s second argument: its server (recognised by `requestIP()`). */
const bunServer = { requestIP: () => ({ address: '127.0.0.1' }) };
const get = (path: string, method = 'GET') => new Request(`http://localhost${path}`, { method });

function textApp() {
  const app = createApp();
  app.get('/text', () => new TextResponse('plain words'));
  app.get('/created', () => new TextResponse('made', 201));
  app.get('/tagged', () => new TextResponse('tagged', { headers: { 'x-tag': 'a' } }));
  app.get('/touched', () => {
    const response = new TextResponse('touched');
    response.headers.set('x-seen', '1');
    return response;
  });
  app.get('/json', () => new JsonResponse({ ok: true }));
  app.get('/html', () => new HtmlResponse('<p>hi</p>'));
  return app;
}

/**
 * Waits for the runtime's default text type to be known: the application asks the runtime once, at
 * its first text answer to Bun's server; the same question asked after it is answered after it.
 */
async function untilDefaultKnown(): Promise<string> {
  return (await new Response('-').blob()).type;
}

/** A content type without the whitespace and case that carry no meaning. */
const inMeaning = (type: string | null) => type?.replace(/\s/g, '').toLowerCase();

describe("app.fetch on Bun's server: a bare text answer leaves its content type to the runtime", () => {
  test('the first answer keeps its own type; once the default is known to mean text/plain in UTF-8, the runtime types it', async () => {
    const app = textApp();
    const first = await app.fetch(get('/text'), bunServer);
    expect(first.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(inMeaning(await untilDefaultKnown())).toBe('text/plain;charset=utf-8');

    // Node's undici lists the type it gives a text body (text/plain;charset=UTF-8); Bun lists none
    // and its server sends its own (text/plain;charset=utf-8).
    const later = await app.fetch(get('/text'), bunServer);
    expect(later.headers.get('content-type')).not.toBe('text/plain; charset=utf-8');
    expect(inMeaning(later.headers.get('content-type'))).toBe('text/plain;charset=utf-8');
    expect(await later.text()).toBe('plain words');

    const created = await app.fetch(get('/created'), bunServer);
    expect(created.status).toBe(201);
    expect(inMeaning(created.headers.get('content-type'))).toBe('text/plain;charset=utf-8');
    expect(await created.text()).toBe('made');
  });

  test.each([
    ['HEAD /text', get('/text', 'HEAD'), 'text/plain; charset=utf-8'],
    ['a text answer with another header', get('/tagged'), 'text/plain; charset=utf-8'],
    ['a text answer whose headers a middleware set', get('/touched'), 'text/plain; charset=utf-8'],
    ['JSON', get('/json'), 'application/json'],
    ['HTML', get('/html'), 'text/html; charset=utf-8'],
  ])('%s keeps the content type it was given', async (_name, request, type) => {
    const app = textApp();
    await app.fetch(get('/text'), bunServer);
    await untilDefaultKnown();
    const response = await app.fetch(request, bunServer);
    expect(response.headers.get('content-type')).toBe(type);
  });

  test('a request no Bun server delivered (a worker env, or none) keeps the helper type', async () => {
    const app = textApp();
    await app.fetch(get('/text'), bunServer);
    await untilDefaultKnown();
    for (const response of [
      await app.fetch(get('/text')),
      await app.fetch(get('/text'), { GREETING: 'hi' }, { waitUntil: () => undefined }),
      await app.request('/text'),
    ]) {
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await response.text()).toBe('plain words');
    }
  });
});
