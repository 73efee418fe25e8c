import { describe, expect, test } from '@jest/globals';
import { FindMyWayRouter } from '@framework/router-fmw';
import {
  AppFactory,
  Application,
  doublePass,
  errorMiddleware,
  lazyMiddleware,
  type MiddlewareFunction,
  SimpleContainer,
  TextResponse,
  variantA,
  variantB,
} from '../src';
import { call } from './support/app';

const variantAForms: [string, unknown, string][] = [
  ['doublePass(fn)', doublePass((_request, response) => response), 'double-pass middleware'],
  ['errorMiddleware(fn)', errorMiddleware((_error, _request, response) => response), 'error middleware'],
  [
    'a function of 3 parameters',
    function logged(_request: unknown, response: unknown, _next: unknown) {
      return response;
    },
    'function logged',
  ],
  [
    'a function of 4 parameters',
    function errorPage(_error: unknown, _request: unknown, response: unknown, _next: unknown) {
      return response;
    },
    'function errorPage',
  ],
  [
    'an object with processError()',
    { process: () => new TextResponse('no'), processError: () => new TextResponse('no') },
    'object',
  ],
  [
    'lazy error middleware',
    lazyMiddleware(new SimpleContainer(), 'ErrorPage', { error: true }),
    'LazyErrorMiddleware',
  ],
];

function plainApp(): Application {
  return new Application(new FindMyWayRouter(), { development: false, onError: () => undefined });
}

describe('new Application(router) takes Variant B middleware only, unless given variantA', () => {
  test.each(variantAForms)(
    '%s is refused when piped or routed, naming it and the way to accept it',
    (_, form, named) => {
      const app = plainApp();
      const refusal = expect.objectContaining({
        code: 'FRAMEWORK_ERR_MIDDLEWARE_VARIANT_A_OFF',
        message: expect.stringContaining(named),
      });
      expect(() => app.pipe(form as MiddlewareFunction)).toThrow(refusal);
      expect(() => app.pipe('/admin', form as MiddlewareFunction)).toThrow(refusal);
      expect(() => app.get('/', [form as MiddlewareFunction, () => new TextResponse('ok')])).toThrow(refusal);
      expect(() => app.pipe(form as MiddlewareFunction)).toThrow(
        expect.objectContaining({
          message: expect.stringContaining('new Application(router, { variant: variantA })'),
        }),
      );
      expect(app.getRoutes()).toEqual([]);
    },
  );

  test.each(variantAForms)(
    '%s is accepted with { variant: variantA } and by AppFactory.create',
    (_, form) => {
      const built = [
        new Application(new FindMyWayRouter(), { variant: variantA }),
        AppFactory.create(undefined, new FindMyWayRouter()),
      ];
      for (const app of built) expect(() => app.pipe(form as MiddlewareFunction)).not.toThrow();
    },
  );

  test('AppFactory.create honours an explicit variantB', () => {
    const app = AppFactory.create(undefined, new FindMyWayRouter(), { variant: variantB });
    expect(() => app.pipe(doublePass((_request, response) => response))).toThrow(
      expect.objectContaining({ code: 'FRAMEWORK_ERR_MIDDLEWARE_VARIANT_A_OFF' }),
    );
  });

  test('Variant B forms still resolve: two-parameter functions, classes of any arity, objects', async () => {
    class Tagged {
      constructor(_a?: unknown, _b?: unknown, _c?: unknown) {}
      async process(request: Parameters<MiddlewareFunction>[0], handler: Parameters<MiddlewareFunction>[1]) {
        const answer = await handler.handle(request);
        answer.headers.append('x-trail', 'class');
        return answer;
      }
    }
    const app = plainApp();
    app.pipe(async (request, handler) => {
      const answer = await handler.handle(request);
      answer.headers.append('x-trail', 'function');
      return answer;
    });
    app.pipe(Tagged);
    app.get('/', { handle: () => new TextResponse('hello') });
    const response = await call(app, '/');
    expect([response.status, await response.text(), response.headers.get('x-trail')]).toEqual([
      200,
      'hello',
      'class, function',
    ]);
  });

  test('a Variant A service found lazily fails only the requests that reach it', async () => {
    const container = new SimpleContainer();
    container.setFactory('Logged', () => (_request: unknown, response: unknown, _next: unknown) => response);
    const app = new Application(new FindMyWayRouter(), {
      container,
      development: false,
      onError: () => undefined,
    });
    app.get('/logged', ['Logged', () => new TextResponse('never')]);
    app.get('/plain', () => new TextResponse('plain'));
    expect((await call(app, '/logged')).status).toBe(500);
    const plain = await call(app, '/plain');
    expect([plain.status, await plain.text()]).toEqual([200, 'plain']);
  });
});
