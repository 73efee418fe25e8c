import { describe, expect, test } from '@jest/globals';
import { EmptyResponse, HtmlResponse, JsonResponse, RedirectResponse, TextResponse } from '../src';
import { call, createApp } from './support/app';

describe('routing through app.fetch', () => {
  const app = createApp();
  app.get('/', () => new TextResponse('home'));
  app.get(
    '/post/{id}',
    (request) => new JsonResponse({ id: request.params.id, attr: request.getAttribute('id') }),
  );
  app.route('/post', () => new TextResponse('post list'), ['GET', 'POST']);
  app.route('/none', () => new TextResponse('never'), []);
  app.route('/any', (request) => new TextResponse(`any ${request.method}`));
  app.put('/post/{id}', () => new TextResponse('put'));
  app.patch('/post/{id}', () => new TextResponse('patch'));
  app.delete('/post/{id}', () => new EmptyResponse());
  app.post('/html', () => new HtmlResponse('<p>hi</p>', 201));
  app.get('/redirect', () => new RedirectResponse('/'));

  test('GET answers with the route and its params as attributes', async () => {
    const response = await call(app, '/post/a%20b');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({ id: 'a b', attr: 'a b' });
  });

  test('app.fetch answers when passed on as a plain function, as Bun.serve and Deno.serve call it', async () => {
    const { fetch } = app;
    const response = await fetch.call(undefined, new Request('http://localhost/post/7'));
    expect(await response.json()).toEqual({ id: '7', attr: '7' });
  });

  test('each verb method answers only its own method', async () => {
    expect(await (await call(app, '/post/1', { method: 'PUT' })).text()).toBe('put');
    expect(await (await call(app, '/post/1', { method: 'PATCH' })).text()).toBe('patch');
    expect((await call(app, '/post/1', { method: 'DELETE' })).status).toBe(204);
    expect((await call(app, '/html', { method: 'POST' })).status).toBe(201);
    expect((await call(app, '/redirect')).headers.get('location')).toBe('/');
  });

  test('a route without methods answers any method', async () => {
    expect(await (await call(app, '/any', { method: 'PROPFIND' })).text()).toBe('any PROPFIND');
  });

  test('405 with one comma-joined Allow header and a problem body', async () => {
    const response = await call(app, '/post/1', { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, PUT, PATCH, DELETE, HEAD, OPTIONS');
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toMatchObject({ status: 405, title: 'Method Not Allowed' });
  });

  test('404 with a content type when nothing matches', async () => {
    const response = await call(app, '/missing');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toEqual({
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: 'Cannot GET /missing',
    });
  });

  test('implicit HEAD runs the GET route and drops the body', async () => {
    const response = await call(app, '/post/7', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('content-length')).toBe(String('{"id":"7","attr":"7"}'.length));
    expect(await response.text()).toBe('');
  });

  test('HEAD on a path without GET answers an empty 200', async () => {
    const response = await call(app, '/none', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });

  test('implicit OPTIONS answers 200 with Allow', async () => {
    const response = await call(app, '/post', { method: 'OPTIONS' });
    expect(response.status).toBe(200);
    expect(response.headers.get('allow')).toBe('GET, POST, HEAD, OPTIONS');
    const empty = await call(app, '/none', { method: 'OPTIONS' });
    expect(empty.headers.get('allow')).toBe('HEAD, OPTIONS');
  });

  test('a route with an empty method list answers 405 to GET', async () => {
    expect((await call(app, '/none')).status).toBe(405);
  });

  test('a malformed percent-escape answers 400 before routing', async () => {
    const response = await call(app, '/post/%E0%A4%A');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: 400, code: 'FRAMEWORK_ERR_REQUEST_MALFORMED_URL' });
  });

  test('the query string does not take part in routing', async () => {
    expect(await (await call(app, '/?x=1')).text()).toBe('home');
  });
});
