import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { Server } from 'node:http';
import { FindMyWayRouter } from '@framework/router-fmw';
import { Application, ErrorHandlerMiddleware, type RequestHandler, type ServerRequest, TextResponse, timeout } from '@framework/application';
import { rawRequest } from './support/raw-http';
import { closeServer, serve } from './support/serve';

/** A middleware piped first that stamps every answer it sees, as a request-id or CORS middleware does. */
async function stamp(request: ServerRequest, handler: RequestHandler) {
  const response = await handler.handle(request);
  response.headers.set('x-request-id', 'seen');
  return response;
}

function errorFlowApp(reported: unknown[]): Application {
  const app = new Application(new FindMyWayRouter(), {
    development: false,
    bodyLimit: 16,
    onError: (error) => reported.push(error),
  });
  app.pipe(stamp);
  app.pipe(timeout(50));
  app.pipeRoutingMiddleware();
  app.pipeDispatchMiddleware();
  app.post('/json', async (request) => new TextResponse(JSON.stringify(await request.json())));
  app.get('/only-get', () => new TextResponse('get'));
  app.get('/throws', () => {
    throw new Error('secret detail');
  });
  app.get('/hangs', () => new Promise<never>(() => undefined));
  return app;
}

describe('every framework answer passes through the middleware piped first (over a socket)', () => {
  const reported: unknown[] = [];
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    ({ server, origin } = await serve(errorFlowApp(reported)));
  });
  afterAll(() => closeServer(server));

  const post = (body: string) =>
    fetch(`${origin}/json`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });

  test('400 for a malformed URL', async () => {
    const answer = await rawRequest(origin, 'GET /%zz HTTP/1.1');
    expect([answer.status, answer.headers['x-request-id']]).toEqual([400, 'seen']);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'FRAMEWORK_ERR_REQUEST_MALFORMED_URL' });
  });

  test('400 for bad JSON', async () => {
    const response = await post('{"a":');
    expect([response.status, response.headers.get('x-request-id')]).toEqual([400, 'seen']);
    expect(await response.json()).toMatchObject({ code: 'FRAMEWORK_ERR_BODY_INVALID_JSON' });
  });

  test('404 and 405', async () => {
    const missing = await fetch(`${origin}/missing`);
    const wrongMethod = await fetch(`${origin}/only-get`, { method: 'DELETE' });
    expect([missing.status, missing.headers.get('x-request-id')]).toEqual([404, 'seen']);
    expect([wrongMethod.status, wrongMethod.headers.get('x-request-id')]).toEqual([405, 'seen']);
  });

  test('413 for a body over the limit', async () => {
    const response = await post(JSON.stringify({ long: 'x'.repeat(64) }));
    expect([response.status, response.headers.get('x-request-id')]).toEqual([413, 'seen']);
    expect(response.headers.get('connection')).toBe('close');
  });

  test('500 for a throwing handler, without details, reported once', async () => {
    reported.length = 0;
    const response = await fetch(`${origin}/throws`);
    expect([response.status, response.headers.get('x-request-id')]).toEqual([500, 'seen']);
    const body = await response.text();
    expect(body).not.toContain('secret detail');
    expect(body).not.toContain('at ');
    expect(reported).toEqual([expect.objectContaining({ message: 'secret detail' })]);
  });

  test('503 from the timeout middleware', async () => {
    const response = await fetch(`${origin}/hangs`);
    expect([response.status, response.headers.get('x-request-id')]).toEqual([503, 'seen']);
    expect(await response.json()).toMatchObject({ code: 'FRAMEWORK_ERR_REQUEST_TIMEOUT' });
  });
});

describe('where errors become answers', () => {
  test('a middleware that throws is answered at its level, so the middleware before it sees the answer', async () => {
    const app = new Application(new FindMyWayRouter(), { onError: () => undefined });
    app.pipe(stamp);
    app.pipe(() => {
      throw Object.assign(new Error('no token'), { status: 401, expose: true });
    });
    const response = await app.fetch(new Request('http://localhost/'));
    expect([response.status, response.headers.get('x-request-id')]).toEqual([401, 'seen']);
    expect(await response.json()).toMatchObject({ detail: 'no token' });
  });

  test('below a piped ErrorHandlerMiddleware, a try/catch around handler.handle() sees the error itself', async () => {
    const caught: string[] = [];
    const app = new Application(new FindMyWayRouter(), { onError: () => undefined });
    app.pipe(new ErrorHandlerMiddleware({ onError: () => undefined }));
    app.pipe(async (request, handler) => {
      try {
        return await handler.handle(request);
      } catch (error) {
        caught.push((error as Error).message);
        return new TextResponse('caught', 502);
      }
    });
    app.pipeRoutingMiddleware();
    app.pipeDispatchMiddleware();
    app.get('/', () => {
      throw new Error('handler failed');
    });
    const response = await app.fetch(new Request('http://localhost/'));
    expect([response.status, await response.text(), caught]).toEqual([502, 'caught', ['handler failed']]);
  });

  test('an error the try/catch lets through is answered by the piped ErrorHandlerMiddleware', async () => {
    const app = new Application(new FindMyWayRouter(), { onError: () => undefined });
    app.pipe(stamp);
    app.pipe(new ErrorHandlerMiddleware({ development: true, onError: () => undefined }));
    app.pipeRoutingMiddleware();
    app.pipeDispatchMiddleware();
    app.get('/', () => {
      throw new Error('shown in development');
    });
    const response = await app.fetch(new Request('http://localhost/'));
    expect([response.status, response.headers.get('x-request-id')]).toEqual([500, 'seen']);
    expect(await response.json()).toMatchObject({ detail: 'shown in development' });
  });
});
