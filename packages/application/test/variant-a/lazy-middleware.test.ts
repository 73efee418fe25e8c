import { describe, expect, test } from '@jest/globals';
import {
  errorMiddleware,
  lazyMiddleware,
  ServerRequest,
  SimpleContainer,
  TextResponse,
  WritableResponse,
} from '../../src';
import { bareApp, call, messageOf } from './support';

const throwing = () => {
  throw new Error('route failed');
};

describe('lazy-loaded middleware (spec 4.7)', () => {
  test('an error wrapper asks the container only when an error reaches it', async () => {
    let built = 0;
    const container = new SimpleContainer().setFactory('App\\ErrorPage', () => {
      built++;
      return (error: unknown, _request: unknown, response: WritableResponse) =>
        response.withStatus(500).write(`error page: ${messageOf(error)}`);
    });
    const app = bareApp({ container });
    app.pipeRoutingMiddleware().pipeDispatchMiddleware();
    app.pipe(lazyMiddleware(container, 'App\\ErrorPage', { error: true }));
    app.get('/ok', () => new TextResponse('ok'));
    app.get('/fails', throwing);
    expect(await (await call(app, '/ok')).text()).toBe('ok');
    expect(built).toBe(0);
    const response = await call(app, '/fails');
    expect([response.status, await response.text()]).toEqual([500, 'error page: route failed']);
    expect(built).toBe(1);
  });

  test('an error service may be errorMiddleware(fn) or an error middleware object', async () => {
    const container = new SimpleContainer()
      .setService(
        'marker',
        errorMiddleware((_error, _request, response) => response.write('marker')),
      )
      .setService('object', {
        process: (request: ServerRequest, handler: { handle(r: ServerRequest): unknown }) =>
          handler.handle(request),
        processError: () => new TextResponse('object'),
      });
    for (const name of ['marker', 'object']) {
      const app = bareApp({ container });
      app.pipe(throwing).pipe(lazyMiddleware(container, name, { error: true }));
      expect(await (await call(app, '/')).text()).toBe(name);
    }
  });

  test('a service that is not error middleware fails at invocation, naming it, word for word', async () => {
    const container = new SimpleContainer().setService('App\\Bad', 'oops');
    const app = bareApp({ container, development: true });
    app.pipe(throwing);
    expect(() => app.pipe(lazyMiddleware(container, 'App\\Bad', { error: true }))).not.toThrow();
    const body = (await (await call(app, '/')).json()) as { code: string; detail: string };
    expect(body.code).toBe('FRAMEWORK_ERR_MIDDLEWARE_NOT_INVOKABLE');
    expect(body.detail).toBe(
      'Lazy-loaded error middleware service "App\\\\Bad" is not invokable: the container returned the string ' +
        '"oops". Register a function (error, request, response, next), errorMiddleware(fn), or an object with ' +
        'process() and processError().',
    );
  });

  test('with startupChecks: false, a missing error service fails at invocation, naming it', async () => {
    const container = new SimpleContainer();
    const app = bareApp({ container, development: true, startupChecks: false });
    app.pipe(throwing).pipe(lazyMiddleware(container, 'App\\Missing', { error: true }));
    const body = (await (await call(app, '/')).json()) as { code: string; detail: string };
    expect([body.code, body.detail]).toEqual([
      'FRAMEWORK_ERR_MIDDLEWARE_SERVICE_NOT_FOUND',
      'Middleware service "App\\\\Missing" is not in the container. Register it with setFactory()/setService() ' +
        '(or the dependencies config), or pass the middleware itself.',
    ]);
  });

  test('a normal wrapper resolves double-pass services at invocation', async () => {
    let built = 0;
    const container = new SimpleContainer().setFactory('App\\Hello', () => {
      built++;
      return (_request: unknown, response: WritableResponse, _next: unknown) => response.write('lazy hello');
    });
    const app = bareApp({ container });
    app.pipe(lazyMiddleware(container, 'App\\Hello'));
    expect(built).toBe(0);
    expect(await (await call(app, '/')).text()).toBe('lazy hello');
    expect(built).toBe(1);
  });

  test('a normal wrapper whose service is not middleware fails at invocation, word for word', async () => {
    const container = new SimpleContainer().setService('App\\Bad', 'oops');
    const app = bareApp({ container, development: true });
    app.pipe(lazyMiddleware(container, 'App\\Bad'));
    const body = (await (await call(app, '/')).json()) as { code: string; detail: string };
    expect(body.detail).toBe(
      'Lazy-loaded middleware service "App\\\\Bad" is not invokable: the container returned the string "oops". ' +
        'Register a function (request, handler), an object with process() or handle(), or a class.',
    );
  });
});
