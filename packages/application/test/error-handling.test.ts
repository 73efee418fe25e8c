import { afterEach, describe, expect, test } from '@jest/globals';
import {
  Application,
  BodyLimitMiddleware,
  ErrorHandlerMiddleware,
  SimpleContainer,
  TextResponse,
} from '../src';
import { call, createApp } from './support/app';
import { FindMyWayRouter } from '@framework/router-fmw';

function failing() {
  const app = createApp();
  app.get('/sync', () => {
    throw new Error('secret detail');
  });
  app.get('/async', async () => {
    throw new Error('secret detail');
  });
  app.get('/teapot', () => {
    throw Object.assign(new Error('short and stout'), { status: 418, expose: true });
  });
  app.get('/sdk-not-found', () => {
    throw Object.assign(new Error('customer 4711 has no card'), { status: 404, code: 'SDK_MISSING' });
  });
  app.get('/unavailable', () => {
    throw Object.assign(new Error('db down'), { statusCode: 503 });
  });
  app.get('/out-of-range', () => {
    throw Object.assign(new Error('weird'), { status: 302 });
  });
  app.get('/string', () => {
    throw 'a string';
  });
  return app;
}

describe('errors that escape the pipe', () => {
  const saved = process.env.NODE_ENV;
  afterEach(() => {
    process.env.NODE_ENV = saved;
  });

  test.each(['/sync', '/async', '/string'])('%s answers 500 without message or stack', async (path) => {
    const response = await call(failing(), path);
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const body = await response.text();
    expect(JSON.parse(body)).toEqual({ type: 'about:blank', title: 'Internal Server Error', status: 500 });
    expect(body).not.toMatch(/secret|at |stack/);
  });

  test('an error status 400-599 is honoured; a message is shown only with expose: true', async () => {
    const app = failing();
    const teapot = await call(app, '/teapot');
    expect(teapot.status).toBe(418);
    expect(await teapot.json()).toMatchObject({ title: "I'm a Teapot", detail: 'short and stout' });
    const sdk = await call(app, '/sdk-not-found');
    expect(sdk.status).toBe(404);
    expect(await sdk.json()).toEqual({ type: 'about:blank', title: 'Not Found', status: 404 });
    const unavailable = await call(app, '/unavailable');
    expect(unavailable.status).toBe(503);
    expect(await unavailable.json()).not.toHaveProperty('detail');
    expect((await call(app, '/out-of-range')).status).toBe(500);
  });

  test('development mode shows message and stack (option, config debug, NODE_ENV)', async () => {
    const withOption = failing();
    expect(withOption.development).toBe(false);
    const dev = createApp({ development: true });
    dev.get('/', () => {
      throw new Error('secret detail');
    });
    const body = (await (await call(dev, '/')).json()) as { detail: string; stack: string };
    expect(body.detail).toBe('secret detail');
    expect(body.stack).toContain('Error: secret detail');

    const fromConfig = createApp({
      development: undefined,
      container: new SimpleContainer().setService('config', { debug: true }),
    });
    expect(fromConfig.development).toBe(true);
    process.env.NODE_ENV = 'development';
    expect(createApp({ development: undefined }).development).toBe(true);
    process.env.NODE_ENV = 'production';
    expect(createApp({ development: undefined }).development).toBe(false);
  });

  test('5xx errors are reported to onError', async () => {
    const seen: unknown[] = [];
    const app = createApp({ onError: (error) => seen.push(error) });
    app.get('/', () => {
      throw new Error('reported');
    });
    await call(app, '/');
    expect(seen).toEqual([new Error('reported')]);
  });

  test('onError gets the routed request, and a route calling its handler twice is named', async () => {
    const seen: [unknown, unknown][] = [];
    const app = createApp({ onError: (error, request) => seen.push([error, request.params.id]) });
    app.get('/post/{id}', async (_request, handler) => {
      await handler.handle(_request);
      return handler.handle(_request);
    });
    app.get('/throw/{id}', () => {
      throw new Error('routed');
    });
    expect((await call(app, '/post/7')).status).toBe(500);
    expect((await call(app, '/throw/8')).status).toBe(500);
    expect(
      seen.map(([error, id]) => [(error as { code?: string }).code, (error as Error).message, id]),
    ).toEqual([
      [
        'FRAMEWORK_ERR_MIDDLEWARE_NEXT_CALLED_TWICE',
        `middleware service ${JSON.stringify(Application.DISPATCH_MIDDLEWARE)} called handler.handle() ` +
          'more than once. Call it at most once per request.',
        '7',
      ],
      [undefined, 'routed', '8'],
    ]);
  });

  test('an ErrorHandlerMiddleware piped by the user catches errors first', async () => {
    const app = new Application(new FindMyWayRouter(), { onError: () => undefined });
    app.pipe(new ErrorHandlerMiddleware({ development: true, onError: () => undefined }));
    app.pipeRoutingMiddleware().pipeDispatchMiddleware();
    app.get('/', () => {
      throw new Error('caught early');
    });
    expect(await (await call(app, '/')).json()).toMatchObject({ detail: 'caught early' });
  });
});

const JSON_TYPE = { 'content-type': 'application/json' };

describe('request bodies', () => {
  const app = createApp({ bodyLimit: 32 });
  app.post('/json', async (request) => new TextResponse(JSON.stringify(await request.json())));
  app.post('/text', async (request) => new TextResponse(await request.text()));

  test('json() parses the body', async () => {
    const response = await call(app, '/json', { method: 'POST', body: '{"a":1}', headers: JSON_TYPE });
    expect(await response.text()).toBe('{"a":1}');
  });

  test('bad JSON answers 400', async () => {
    const response = await call(app, '/json', { method: 'POST', body: '{"a":', headers: JSON_TYPE });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'FRAMEWORK_ERR_BODY_INVALID_JSON' });
  });

  test('prototype poisoning answers 400', async () => {
    const response = await call(app, '/json', {
      method: 'POST',
      body: '{"__proto__":{"x":1}}',
      headers: JSON_TYPE,
    });
    expect(response.status).toBe(400);
  });

  test('a body over the limit answers 413', async () => {
    const response = await call(app, '/text', { method: 'POST', body: 'x'.repeat(33) });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({
      code: 'FRAMEWORK_ERR_BODY_TOO_LARGE',
      detail: expect.stringContaining('The request body exceeds the limit of 32 bytes.'),
    });
  });

  test('BodyLimitMiddleware raises the limit under a path', async () => {
    const big = new Application(new FindMyWayRouter(), { bodyLimit: 8, onError: () => undefined });
    big.pipe('/upload', new BodyLimitMiddleware(100));
    big.pipeRoutingMiddleware().pipeDispatchMiddleware();
    big.post('/upload', async (request) => new TextResponse(String((await request.text()).length)));
    big.post('/small', async (request) => new TextResponse(String((await request.text()).length)));
    expect(await (await call(big, '/upload', { method: 'POST', body: 'x'.repeat(50) })).text()).toBe('50');
    expect((await call(big, '/small', { method: 'POST', body: 'x'.repeat(50) })).status).toBe(413);
  });

  test('a streamed body over the limit (no Content-Length) answers 413', async () => {
    const body = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 7; i++) controller.enqueue(new TextEncoder().encode('12345'));
        controller.close();
      },
    });
    const response = await call(app, '/text', { method: 'POST', body, duplex: 'half' } as RequestInit);
    expect(response.status).toBe(413);
  });
});
