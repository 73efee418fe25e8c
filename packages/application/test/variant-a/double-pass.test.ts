import { describe, expect, test } from '@jest/globals';
import {
  doublePass,
  type DoublePassFunction,
  JsonResponse,
  MiddlewarePipe,
  ServerRequest,
  SimpleContainer,
  TextResponse,
  WritableResponse,
  MiddlewareResolver,
  variantA,
} from '../../src';
import { bareApp, call, createApp, markA, markB } from './support';

const hello = doublePass((_request, response) => response.write('Hello').write(' world'));

describe('double-pass middleware (request, response, next)', () => {
  test('a route handler writes to the response prototype and returns it', async () => {
    const app = createApp();
    app.get('/', hello);
    const response = await call(app, '/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe('Hello world');
  });

  test('in the pipe, next() resolves to the response of the rest of the pipe', async () => {
    const app = bareApp();
    app.pipe(
      doublePass(async (_request, _response, next) => {
        const answer = await next();
        answer.headers.set('x-powered-by', 'framework');
        return answer;
      }),
    );
    app.pipeRoutingMiddleware().pipeDispatchMiddleware();
    app.get('/', () => new TextResponse('from B'));
    const response = await call(app, '/');
    expect(await response.text()).toBe('from B');
    expect(response.headers.get('x-powered-by')).toBe('framework');
  });

  test('the response passed to next() is the prototype of the next double-pass middleware', async () => {
    const app = bareApp();
    app.pipe(doublePass((request, response, next) => next(request, response.write('Hello, '))));
    app.pipe((request, handler) => handler.handle(request)); // Variant B in between keeps it
    app.pipeRoutingMiddleware();
    app.pipeDispatchMiddleware();
    app.get(
      '/',
      doublePass((_request, response) => response.write('world')),
    );
    expect(await (await call(app, '/')).text()).toBe('Hello, world');
  });

  test('next(request) passes a changed request on', async () => {
    const app = bareApp();
    app.pipe(doublePass((request, _response, next) => next(request.withAttribute('user', 'ada'))));
    app.pipeRoutingMiddleware().pipeDispatchMiddleware();
    app.get('/me', (request) => new TextResponse(`user ${request.getAttribute<string>('user')}`));
    expect(await (await call(app, '/me')).text()).toBe('user ada');
  });

  test('mixed Variant A and Variant B middleware run in pipe order', async () => {
    const app = bareApp();
    app.pipe(markB('b1')).pipe(markA('a1')).pipe(markB('b2'));
    app.pipeRoutingMiddleware();
    app.pipe(markA('a2')).pipe(markB('b3'));
    app.pipeDispatchMiddleware();
    app.get('/', [markA('route-a'), markB('route-b'), hello]);
    const response = await call(app, '/');
    expect(await response.text()).toBe('Hello world');
    expect(response.headers.get('x-trail')).toBe('b1,a1,b2,a2+,b3+,route-a+,route-b+');
  });

  test('works under a path, in nested arrays and as a container service', async () => {
    const seen: string[] = [];
    const spy = doublePass((request, _response, next) => {
      seen.push(`${request.basePath}|${request.path}`);
      return next();
    });
    const container = new SimpleContainer().setService('App\\Hello', hello).setService('App\\Spy', spy);
    const app = bareApp({ container });
    app.pipe('/api', spy);
    app.pipe([markA('nested'), ['App\\Spy']]);
    app.pipeRoutingMiddleware().pipeDispatchMiddleware();
    app.get('/api/hello', 'App\\Hello');
    const response = await call(app, '/api/hello');
    expect(await response.text()).toBe('Hello world');
    expect(response.headers.get('x-trail')).toBe('nested');
    expect(seen).toEqual(['/api|/hello', '|/api/hello']);
  });

  test('a plain function with three parameters is detected as double-pass', async () => {
    const app = createApp({ development: true });
    const handler: DoublePassFunction = function greet(request, response, _next) {
      return response.write(`Hi ${request.params.name}`);
    };
    app.get('/hi/{name}', handler as never);
    expect(await (await call(app, '/hi/ada')).text()).toBe('Hi ada');
  });

  test('arity detection misses a default parameter; doublePass() does not', async () => {
    const withDefault = (_request: unknown, response: WritableResponse, _next: unknown = null) =>
      response.write('double-pass');
    expect(withDefault.length).toBe(2);
    const app = createApp();
    app.get('/detected', withDefault as never);
    app.get('/wrapped', doublePass(withDefault));
    expect((await call(app, '/detected')).status).toBe(500); // called as (request, handler)
    expect(await (await call(app, '/wrapped')).text()).toBe('double-pass');
  });

  test('a double-pass route may answer with any response', async () => {
    const app = createApp();
    app.get(
      '/ping',
      doublePass(() => new JsonResponse({ ack: 1 })),
    );
    expect(await (await call(app, '/ping')).json()).toEqual({ ack: 1 });
  });

  test('returning no response is an error naming the middleware', async () => {
    const errors: unknown[] = [];
    const app = createApp({ onError: (error) => errors.push(error) });
    app.get(
      '/',
      doublePass(function forgetful(_request, response) {
        response.write('lost');
        return undefined as never;
      }),
    );
    expect((await call(app, '/')).status).toBe(500);
    expect((errors[0] as Error).message).toBe(
      'double-pass middleware wrapping function forgetful of route "/^GET" returned undefined instead of a ' +
        'response. Return a response or handler.handle(request).',
    );
  });

  test('calling next() twice is an error naming the middleware', async () => {
    const pipe = new MiddlewarePipe({ resolver: new MiddlewareResolver(undefined, variantA) }).pipe(
      doublePass(async function twice(_request, _response, next) {
        await next();
        return next();
      }),
    );
    await expect(
      pipe.process(ServerRequest.fromRequest(new Request('http://localhost/')), {
        handle: () => new TextResponse('end'),
      }),
    ).rejects.toThrow(
      'double-pass middleware wrapping function twice called handler.handle() more than once. Call it at most ' +
        'once per request.',
    );
  });

  test('doublePass() needs a function', () => {
    expect(() => doublePass('nope' as never)).toThrow(
      'doublePass() needs a function (request, response, next); got the string "nope".',
    );
  });
});

describe('WritableResponse', () => {
  test('appends text and bytes; withStatus() and withHeader() copy', async () => {
    const response = new WritableResponse().write('a').write(new TextEncoder().encode('b')).write('c');
    expect(await response.text()).toBe('abc');
    const gone = response.withStatus(410).withHeader('x-reason', 'moved');
    expect([gone.status, gone.headers.get('x-reason'), await gone.text()]).toEqual([410, 'moved', 'abc']);
    expect(gone.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect([response.status, response.headers.get('x-reason')]).toEqual([200, null]);
  });

  test('a content type set on the headers replaces the default', async () => {
    const app = createApp();
    app.get(
      '/page',
      doublePass((_request, response) => {
        response.headers.set('content-type', 'text/html; charset=utf-8');
        return response.write('<p>hi</p>');
      }),
    );
    const answer = await call(app, '/page');
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await answer.text()).toBe('<p>hi</p>');
  });
});
