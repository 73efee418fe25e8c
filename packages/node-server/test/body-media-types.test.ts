import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { Server } from 'node:http';
import { DEFAULT_MAX_FORM_FIELDS, JsonResponse } from '@framework/application';
import { call, createApp } from './support/app';
import { closeServer, serve } from './support/serve';

function bodyApp() {
  const app = createApp({ bodyLimit: 64 });
  app.post('/json', async (request) => new JsonResponse(await request.json()));
  app.post('/any-json', async (request) => new JsonResponse(await request.json({ anyContentType: true })));
  app.post('/form', async (request) => new JsonResponse(await request.form()));
  app.post('/form-3', async (request) => new JsonResponse(await request.form({ maxFields: 3 })));
  return app;
}

const post = (path: string, body: string, contentType?: string) =>
  call(bodyApp(), path, {
    method: 'POST',
    body,
    headers: contentType === undefined ? {} : { 'content-type': contentType },
  });

describe('request.json() and the content type', () => {
  test.each([
    'application/json',
    'application/json; charset=utf-8',
    'Application/JSON',
    'application/problem+json',
  ])('reads %s', async (type) => {
    expect(await (await post('/json', '{"a":1}', type)).json()).toEqual({ a: 1 });
  });

  test('answers 415 to another content type, before reading the body', async () => {
    const response = await post('/json', 'a=1', 'application/x-www-form-urlencoded');
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      type: 'about:blank',
      title: 'Unsupported Media Type',
      status: 415,
      code: 'FRAMEWORK_ERR_BODY_UNSUPPORTED_MEDIA_TYPE',
      detail:
        'request.json() reads application/json (or application/*+json) bodies; the request has Content-Type ' +
        '"application/x-www-form-urlencoded". Send Content-Type: application/json.',
    });
    const tooLargeButWrongType = await post('/json', 'x'.repeat(100), 'text/plain');
    expect(tooLargeButWrongType.status).toBe(415);
  });

  test('answers 415 without a content type, and to a look-alike type', async () => {
    const request = new Request('http://localhost/json', {
      method: 'POST',
      body: new Uint8Array([123, 125]),
    });
    const response = await bodyApp().fetch(request);
    expect([response.status, ((await response.json()) as { detail: string }).detail]).toEqual([
      415,
      'request.json() reads application/json (or application/*+json) bodies; the request has no Content-Type. ' +
        'Send Content-Type: application/json.',
    ]);
    expect((await post('/json', '{}', 'text/json+xml')).status).toBe(415);
  });

  test('{ anyContentType: true } parses whatever the type', async () => {
    expect(await (await post('/any-json', '{"a":1}', 'text/plain')).json()).toEqual({ a: 1 });
  });
});

describe('request.form()', () => {
  test('reads a urlencoded body into a null-prototype object, repeated fields as arrays', async () => {
    const app = createApp();
    let fields: unknown;
    app.post('/', async (request) => {
      fields = await request.form();
      return new JsonResponse({});
    });
    await call(app, '/', {
      method: 'POST',
      body: 'name=Ada+L&tag=a&tag=b&__proto__=x&e=%C3%A9',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    });
    expect(Object.getPrototypeOf(fields)).toBeNull();
    expect({ ...(fields as object) }).toEqual(
      Object.assign(Object.create(null), { name: 'Ada L', tag: ['a', 'b'], ['__proto__']: 'x', e: 'é' }),
    );
  });

  test('has the body limit (413) and a cap on the number of fields (413)', async () => {
    const tooLarge = await post('/form', `a=${'x'.repeat(100)}`, 'application/x-www-form-urlencoded');
    expect([tooLarge.status, ((await tooLarge.json()) as { code: string }).code]).toEqual([
      413,
      'FRAMEWORK_ERR_BODY_TOO_LARGE',
    ]);
    const tooMany = await post('/form-3', 'a=1&b=2&c=3&d=4', 'application/x-www-form-urlencoded');
    expect([tooMany.status, await tooMany.json()]).toEqual([
      413,
      {
        type: 'about:blank',
        title: 'Payload Too Large',
        status: 413,
        code: 'FRAMEWORK_ERR_BODY_TOO_MANY_FIELDS',
        detail:
          'The form body has more than 3 fields. Send fewer, or raise the cap with request.form({ maxFields }).',
      },
    ]);
    expect(await (await post('/form-3', 'a=1&b=2&c=3', 'application/x-www-form-urlencoded')).json()).toEqual({
      a: '1',
      b: '2',
      c: '3',
    });
    expect(DEFAULT_MAX_FORM_FIELDS).toBe(1000);
  });

  test('answers 415 to JSON, and names a multipart parser for multipart bodies', async () => {
    expect((await post('/form', '{}', 'application/json')).status).toBe(415);
    const multipart = await post('/form', '--x--', 'multipart/form-data; boundary=x');
    expect([multipart.status, ((await multipart.json()) as { detail: string }).detail]).toEqual([
      415,
      'request.form() reads application/x-www-form-urlencoded bodies; the request has Content-Type ' +
        '"multipart/form-data". Read multipart bodies with a multipart parser (for example busboy).',
    ]);
  });
});

describe('body answers over a socket', () => {
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    ({ server, origin } = await serve(bodyApp()));
  });
  afterAll(() => closeServer(server));

  test('415 and a parsed form reach the client', async () => {
    const wrong = await fetch(`${origin}/json`, { method: 'POST', body: 'a=1' });
    expect(wrong.status).toBe(415);
    const form = await fetch(`${origin}/form`, {
      method: 'POST',
      body: new URLSearchParams({ a: '1', b: '2' }),
    });
    expect(await form.json()).toEqual({ a: '1', b: '2' });
  });
});
