import { describe, expect, test } from '@jest/globals';
import { FindMyWayRouter } from '@framework/router-fmw';
import { Application, getEnv, JsonResponse, TextResponse } from '../src';

function echoApp(): Application {
  const app = new Application(new FindMyWayRouter(), { development: false, onError: () => undefined });
  app.route(
    '/{path}',
    async (request) =>
      new JsonResponse({
        method: request.method,
        url: request.url,
        type: request.header('content-type') ?? null,
        body: await request.text(),
      }),
  );
  return app;
}

describe('app.request(input, init)', () => {
  test('a path is on http://localhost, query included', async () => {
    const response = await echoApp().request('/ping?x=1');
    expect(response).toBeInstanceOf(Response);
    expect(await response.json()).toEqual({
      method: 'GET',
      url: 'http://localhost/ping?x=1',
      type: null,
      body: '',
    });
  });

  test('a path without its leading slash, and a path that looks protocol-relative, stay paths', async () => {
    const app = new Application(new FindMyWayRouter());
    app.get('/{a}', (request) => new TextResponse(request.url));
    app.get('/', (request) => new TextResponse(request.url));
    expect(await (await app.request('ping')).text()).toBe('http://localhost/ping');
    expect((await app.request('//evil.example/x')).status).toBe(404);
  });

  test('RequestInit gives method, headers and body', async () => {
    const response = await echoApp().request('/notes', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'hi' }),
    });
    expect(await response.json()).toEqual({
      method: 'POST',
      url: 'http://localhost/notes',
      type: 'application/json',
      body: '{"text":"hi"}',
    });
  });

  test('a URL string, a URL object and a Request are taken as fetch() takes them', async () => {
    const app = echoApp();
    const fromString = await (await app.request('https://api.example/a')).json();
    const fromUrl = await (await app.request(new URL('https://api.example/b'))).json();
    const fromRequest = await (
      await app.request(new Request('https://api.example/c', { method: 'PUT', body: 'x' }), {
        method: 'PATCH',
        body: 'y',
      })
    ).json();
    expect([fromString, fromUrl, fromRequest]).toEqual([
      { method: 'GET', url: 'https://api.example/a', type: null, body: '' },
      { method: 'GET', url: 'https://api.example/b', type: null, body: '' },
      { method: 'PATCH', url: 'https://api.example/c', type: 'text/plain;charset=UTF-8', body: 'y' },
    ]);
  });

  test('HEAD answers without a body, as fetch() does', async () => {
    const response = await echoApp().request('/ping', { method: 'HEAD' });
    expect([response.status, await response.text()]).toEqual([200, '']);
  });

  test('env reaches handlers as a module worker would give it', async () => {
    const app = new Application(new FindMyWayRouter());
    app.get('/env', (request) => new TextResponse(getEnv<{ NAME: string }>(request).NAME));
    expect(await (await app.request('/env', undefined, { NAME: 'workerd' })).text()).toBe('workerd');
  });

  test('a malformed path answers 400, never throws', async () => {
    const response = await echoApp().request('/%E0%A4%A');
    expect(response.status).toBe(400);
  });
});
