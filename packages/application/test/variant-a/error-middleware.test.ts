import { describe, expect, test } from '@jest/globals';
import { FindMyWayRouter } from '@framework/router-fmw';
import {
  Application,
  type ApplicationError,
  doublePass,
  ErrorHandlerMiddleware,
  errorMiddleware,
  type ErrorMiddlewareFunction,
  MiddlewarePipe,
  TextResponse,
  variantA,
} from '../../src';
import { bareApp, call, markA, markB, messageOf } from './support';

/** Error middleware answering 503 with the error's message. */
const sorry = errorMiddleware((error, _request, response) =>
  response.withStatus(503).write(`sorry: ${messageOf(error)}`),
);

/** An application: [before..., routing, dispatch, after...] with routes that fail in several ways. */
function failing(before: unknown[], after: unknown[], options = {}) {
  const app = bareApp(options);
  for (const middleware of before) app.pipe(middleware as never);
  app.pipeRoutingMiddleware().pipeDispatchMiddleware();
  for (const middleware of after) app.pipe(middleware as never);
  app.get('/ok', () => new TextResponse('fine'));
  app.get('/throws', () => {
    throw new Error('thrown');
  });
  app.get('/rejects', async () => {
    throw new Error('rejected');
  });
  app.get('/incomplete', () => undefined as never);
  app.get(
    '/passes-error',
    doublePass((request, response, next) => next(request, response, new Error('via next'))),
  );
  return app;
}

async function answer(app: ReturnType<typeof bareApp>, path: string): Promise<[number, string]> {
  const response = await call(app, path);
  return [response.status, await response.text()];
}

describe('error middleware (error, request, response, next)', () => {
  test.each([
    ['/throws', 'sorry: thrown'],
    ['/rejects', 'sorry: rejected'],
    ['/passes-error', 'sorry: via next'],
  ])('%s: the error travels down the pipe to the error middleware', async (path, text) => {
    expect(await answer(failing([], [sorry]), path)).toEqual([503, text]);
  });

  test('a route that cannot complete the response reaches it with FRAMEWORK_ERR_MIDDLEWARE_NO_RESPONSE', async () => {
    const codes: string[] = [];
    const app = failing(
      [],
      [
        errorMiddleware((error, _request, response) => {
          codes.push((error as ApplicationError).code);
          return response.withStatus(500).write('incomplete');
        }),
      ],
    );
    expect(await answer(app, '/incomplete')).toEqual([500, 'incomplete']);
    expect(codes).toEqual(['FRAMEWORK_ERR_MIDDLEWARE_NO_RESPONSE']);
  });

  test('routing failure: a malformed URL reaches it with FRAMEWORK_ERR_REQUEST_MALFORMED_URL', async () => {
    const app = failing(
      [],
      [
        errorMiddleware((error, _request, response) =>
          response.withStatus((error as ApplicationError).status).write((error as ApplicationError).code),
        ),
      ],
    );
    expect(await answer(app, '/bad%zz')).toEqual([400, 'FRAMEWORK_ERR_REQUEST_MALFORMED_URL']);
  });

  test('routing failure: a router that throws reaches it', async () => {
    class BrokenRouter extends FindMyWayRouter {
      override match(): never {
        throw new Error('router down');
      }
    }
    const broken = new Application(new BrokenRouter(), { variant: variantA, onError: () => undefined });
    broken.pipeRoutingMiddleware().pipeDispatchMiddleware().pipe(sorry);
    expect(await answer(broken, '/anything')).toEqual([503, 'sorry: router down']);
  });

  test('404 and 405 are answers, not errors: the error middleware is skipped', async () => {
    const calls: unknown[] = [];
    const spy = errorMiddleware(
      (error, request, response, next) => (calls.push(error), next(request, response, error)),
    );
    const app = failing([], [spy]);
    expect((await call(app, '/nothing')).status).toBe(404);
    expect((await call(app, '/ok', { method: 'POST' })).status).toBe(405);
    expect(await answer(app, '/ok')).toEqual([200, 'fine']);
    expect(calls).toEqual([]);
  });

  test('an error only travels down: error middleware before the failure never sees it', async () => {
    const calls: unknown[] = [];
    const early = errorMiddleware(
      (error, _request, response) => (calls.push(error), response.write('early')),
    );
    expect((await call(failing([early], []), '/throws')).status).toBe(500);
    expect(calls).toEqual([]);
  });

  test('next(request, response, error) passes the error (and a changed request) to the next error middleware', async () => {
    const first: ErrorMiddlewareFunction = (error, request, response, next) =>
      next(
        request.withAttribute('seen-by', 'first'),
        response.write('first;'),
        new Error(`wrapped ${messageOf(error)}`),
      );
    const second = errorMiddleware((error, request, response) =>
      response
        .withStatus(502)
        .write(`second: ${messageOf(error)} after ${request.getAttribute<string>('seen-by')}`),
    );
    const app = failing([], [errorMiddleware(first), markB('between'), second]);
    const response = await call(app, '/throws');
    expect([response.status, await response.text()]).toEqual([
      502,
      'first;second: wrapped thrown after first',
    ]);
    expect(response.headers.get('x-trail')).toBeNull(); // normal middleware between them is skipped
  });

  test('an error thrown by error middleware goes to the next error middleware', async () => {
    const rethrow = errorMiddleware(async () => {
      throw new Error('handler failed too');
    });
    expect(await answer(failing([], [rethrow, sorry]), '/throws')).toEqual([
      503,
      'sorry: handler failed too',
    ]);
  });

  test('next(request, response) without an error resumes the normal flow after the error middleware', async () => {
    const recover = errorMiddleware((error, request, response, next) =>
      next(request.withAttribute('recovered', messageOf(error)), response),
    );
    const fallback = (request: { getAttribute<T>(name: string): T }) =>
      new TextResponse(`recovered from ${request.getAttribute<string>('recovered')}`);
    expect(await answer(failing([], [recover, fallback]), '/rejects')).toEqual([
      200,
      'recovered from rejected',
    ]);
  });

  test('below a piped ErrorHandlerMiddleware, unhandled errors propagate to Variant B callers unchanged, then to it', async () => {
    const caught: unknown[] = [];
    const outer = async (request: never, handler: { handle(r: never): unknown }) => {
      try {
        return (await handler.handle(request)) as TextResponse;
      } catch (error) {
        caught.push(error);
        throw error;
      }
    };
    const passOn = errorMiddleware((error, request, response, next) => next(request, response, error));
    const handler = new ErrorHandlerMiddleware({ onError: () => undefined });
    const app = failing([handler, outer], [passOn]);
    expect((await call(app, '/throws')).status).toBe(500);
    expect(caught.map(messageOf)).toEqual(['thrown']);
    caught.length = 0;
    const fromTheEnd = failing(
      [handler, outer],
      [passOn, () => Promise.reject(new Error('after the error middleware'))],
    );
    expect((await call(fromTheEnd, '/nothing')).status).toBe(500);
    expect(caught.map(messageOf)).toEqual(['after the error middleware']);
  });

  test('without a piped ErrorHandlerMiddleware, an unhandled error reaches Variant B callers as its answer', async () => {
    const seen: unknown[] = [];
    const outer = async (request: never, handler: { handle(r: never): unknown }) => {
      const response = (await handler.handle(request)) as TextResponse;
      seen.push(response.status);
      return response;
    };
    const passOn = errorMiddleware((error, request, response, next) => next(request, response, error));
    expect((await call(failing([outer], [passOn]), '/throws')).status).toBe(500);
    expect(seen).toEqual([500]);
  });

  test('a plain function with four parameters is detected as error middleware', async () => {
    const detected = function (
      error: unknown,
      _request: unknown,
      response: { write(t: string): unknown },
      _next: unknown,
    ) {
      return response.write(`detected ${messageOf(error)}`);
    };
    expect(await answer(failing([], [detected]), '/throws')).toEqual([200, 'detected thrown']);
  });

  test('works in nested arrays, route middleware lists and mounted applications', async () => {
    const api = bareApp();
    api.pipeRoutingMiddleware().pipeDispatchMiddleware();
    api.get('/boom', () => {
      throw new Error('api boom');
    });
    const app = bareApp();
    app.pipe('/api', api);
    app.pipe('/nested', [markA('nested'), () => Promise.reject(new Error('in nested')), sorry]);
    app.pipeRoutingMiddleware().pipeDispatchMiddleware();
    app.get('/route', [
      () => {
        throw new Error('in route');
      },
      errorMiddleware((error, _request, response) => response.withStatus(418).write(messageOf(error))),
    ]);
    app.pipe(
      errorMiddleware((error, _request, response) => response.withStatus(502).write(messageOf(error))),
    );
    expect(await answer(app, '/api/boom')).toEqual([502, 'api boom']);
    expect(await answer(app, '/nested/x')).toEqual([503, 'sorry: in nested']);
    const route = await call(app, '/route');
    expect([route.status, await route.text()]).toEqual([418, 'in route']);
  });

  test('errors do not enter a nested pipe: its error middleware only sees errors raised inside it', async () => {
    const app = bareApp();
    app.pipe(() => {
      throw new Error('before the nested pipe');
    });
    app.pipe([sorry]);
    expect((await call(app, '/')).status).toBe(500);
  });

  test('an error escaping a nested pipe reaches error middleware after it in the outer pipe', async () => {
    const app = bareApp();
    app.pipe([markB('inner'), () => Promise.reject(new Error('inner failure'))]);
    app.pipe(sorry);
    expect(await answer(app, '/')).toEqual([503, 'sorry: inner failure']);
  });

  test('under a path, error middleware only handles errors raised for that path', async () => {
    const app = bareApp();
    app.pipe(() => {
      throw new Error('everywhere');
    });
    app.pipe(
      '/admin',
      errorMiddleware((_error, request, response) => response.write(`admin ${request.path}`)),
    );
    expect(await answer(app, '/admin/users')).toEqual([200, 'admin /users']);
    expect((await call(app, '/public')).status).toBe(500);
  });

  test('error middleware that answers with no response is an error naming it', async () => {
    const errors: unknown[] = [];
    const app = failing(
      [],
      [
        errorMiddleware(function silent() {
          return undefined as never;
        }),
      ],
      { onError: (error: unknown) => errors.push(error) },
    );
    expect((await call(app, '/throws')).status).toBe(500);
    expect(messageOf(errors[0])).toBe(
      'error middleware wrapping function silent returned undefined instead of a response. Return a response ' +
        'or handler.handle(request).',
    );
  });

  test('a pipe without error middleware is unchanged: errors reach the caller', async () => {
    const pipe = new MiddlewarePipe().pipe(() => {
      throw new Error('plain');
    });
    expect(() => pipe.handle(undefined as never)).toThrow('plain');
  });

  test('errorMiddleware() needs a function', () => {
    expect(() => errorMiddleware(42 as never)).toThrow(
      'errorMiddleware() needs a function (error, request, response, next); got number 42.',
    );
  });
});
