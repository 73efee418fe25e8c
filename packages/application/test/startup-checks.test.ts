import { describe, expect, test } from '@jest/globals';
import { FindMyWayRouter } from '@framework/router-fmw';
import {
  Application,
  APPLICATION_SERVICE,
  ApplicationFactory,
  lazyMiddleware,
  ROUTER_SERVICE,
  SimpleContainer,
  TextResponse,
} from '../src';
import { call } from './support/app';
import { closeServer } from './support/serve';

const NO_ROUTING =
  'The application has 1 route but no routing middleware, so every request would answer 404. Call ' +
  'app.pipeRoutingMiddleware() and then app.pipeDispatchMiddleware() (in config: ROUTING_MIDDLEWARE ' +
  'then DISPATCH_MIDDLEWARE in middleware_pipeline).';
const DISPATCH_FIRST =
  'The application has 2 routes, but the dispatch middleware is piped before the routing middleware, so no ' +
  'route is ever dispatched. Call app.pipeRoutingMiddleware() before app.pipeDispatchMiddleware().';
const NO_DISPATCH =
  'The application has 1 route and a routing middleware but no dispatch middleware, so no route is ever ' +
  'dispatched. Call app.pipeDispatchMiddleware() after app.pipeRoutingMiddleware().';

function app(options: ConstructorParameters<typeof Application>[1] = {}): Application {
  return new Application(new FindMyWayRouter(), { onError: () => undefined, ...options });
}

describe('missing middleware services are found before serving', () => {
  const config = {
    middleware_pipeline: [
      { middleware: 'App\\Cors', priority: 10 },
      { middleware: [ApplicationFactory.ROUTING_MIDDLEWARE, ApplicationFactory.DISPATCH_MIDDLEWARE] },
      { middleware: 'App\\ErrorPage', error: true, priority: 0 },
    ],
    routes: [{ path: '/ping', middleware: 'App\\Ping', allowed_methods: ['GET'] }],
  };
  const containerWith = (services: Record<string, unknown>) => {
    const container = new SimpleContainer()
      .setService('config', config)
      .setService(ROUTER_SERVICE, new FindMyWayRouter())
      .setFactory(APPLICATION_SERVICE, ApplicationFactory);
    for (const [name, value] of Object.entries(services)) container.setService(name, value);
    return container;
  };

  test('ApplicationFactory names every missing pipeline, error and route service when it builds', () => {
    expect(() =>
      containerWith({ 'App\\Cors': (r: never, h: { handle(r: never): never }) => h.handle(r) }).get(
        APPLICATION_SERVICE,
      ),
    ).toThrow(
      'Middleware services "App\\\\ErrorPage", "App\\\\Ping" are not in the container. Register them with ' +
        'setFactory()/setService() (or the dependencies config), fix the names, or pass the option ' +
        'startupChecks: false to look services up only when they are invoked.',
    );
  });

  test('services are still built lazily: has() is asked, get() is not', () => {
    let built = 0;
    const container = containerWith({});
    for (const name of ['App\\Cors', 'App\\Ping', 'App\\ErrorPage']) {
      container.setFactory(name, () => {
        built++;
        return () => new TextResponse(name);
      });
    }
    expect(container.get(APPLICATION_SERVICE)).toBeInstanceOf(Application);
    expect(built).toBe(0);
  });

  test('startupChecks: false builds anyway, and the service is missed when invoked', async () => {
    const container = containerWith({}).setFactory(
      APPLICATION_SERVICE,
      new ApplicationFactory({ startupChecks: false, onError: () => undefined }),
    );
    const built = container.get<Application>(APPLICATION_SERVICE);
    expect((await call(built, '/ping')).status).toBe(500);
  });

  test('an application built in code is checked by run(), before it listens', async () => {
    const container = new SimpleContainer();
    const coded = app({ container });
    coded.pipe(lazyMiddleware(container, 'App\\Audit'));
    coded.pipeRoutingMiddleware().pipeDispatchMiddleware();
    coded.get('/', 'App\\Home');
    await expect(coded.run({ host: '127.0.0.1', port: 0, handleSignals: false })).rejects.toThrow(
      'Middleware services "App\\\\Audit", "App\\\\Home" are not in the container.',
    );
    container.setService('App\\Audit', (r: never, h: { handle(r: never): never }) => h.handle(r));
    container.setService('App\\Home', () => new TextResponse('home'));
    const server = await coded.run({ host: '127.0.0.1', port: 0, handleSignals: false });
    await closeServer(server);
  });

  test('and by its first request: a 500 without details outside development, reported to onError', async () => {
    const reported: unknown[] = [];
    const coded = app({ container: new SimpleContainer(), onError: (error) => reported.push(error) });
    coded.pipeRoutingMiddleware().pipeDispatchMiddleware();
    coded.get('/', 'App\\Home');
    const response = await call(coded, '/elsewhere');
    expect([response.status, await response.text()]).toEqual([
      500,
      '{"type":"about:blank","title":"Internal Server Error","status":500}',
    ]);
    expect(reported).toEqual([
      expect.objectContaining({ code: 'FRAMEWORK_ERR_MIDDLEWARE_SERVICE_NOT_FOUND' }),
    ]);
  });
});

describe('routes without routing and dispatch are found before serving', () => {
  test('no routing middleware: checkSetup() and the first request say what to pipe', async () => {
    const forgetful = app({ development: true });
    forgetful.get('/hello', () => new TextResponse('hello'));
    expect(() => forgetful.checkSetup()).toThrow(NO_ROUTING);
    const response = await call(forgetful, '/hello');
    expect([response.status, ((await response.json()) as { detail: string }).detail]).toEqual([
      500,
      NO_ROUTING,
    ]);
  });

  test('dispatch before routing, and routing without dispatch', () => {
    const reversed = app();
    reversed.pipeDispatchMiddleware().pipeRoutingMiddleware();
    reversed.get('/a', () => new TextResponse('a'));
    reversed.get('/b', () => new TextResponse('b'));
    expect(() => reversed.checkSetup()).toThrow(DISPATCH_FIRST);
    const halfway = app();
    halfway.pipeRoutingMiddleware();
    halfway.get('/a', () => new TextResponse('a'));
    expect(() => halfway.checkSetup()).toThrow(NO_DISPATCH);
  });

  test('the constants inside a nested list and path-limited pipes count, in order', async () => {
    const nested = app();
    nested.pipe('/api', [Application.ROUTING_MIDDLEWARE, Application.DISPATCH_MIDDLEWARE]);
    nested.get('/a', () => new TextResponse('a'));
    expect(() => nested.checkSetup()).not.toThrow();
    expect(await (await call(nested, '/api/a')).text()).toBe('a');
  });

  test('a mounted application is checked when it is first asked, answering through its parent', async () => {
    const sub = app({ development: true });
    sub.get('/y', () => new TextResponse('y'));
    const parent = app({ development: true });
    parent.pipe('/sub', sub);
    const response = await call(parent, '/sub/y');
    expect([response.status, ((await response.json()) as { detail: string }).detail]).toEqual([
      500,
      NO_ROUTING,
    ]);
  });

  test('an application without routes, or with the check off, is not refused', async () => {
    const middlewareOnly = app();
    middlewareOnly.pipe(() => new TextResponse('only middleware'));
    expect(await (await call(middlewareOnly, '/')).text()).toBe('only middleware');
    const unchecked = app({ startupChecks: false });
    unchecked.get('/hello', () => new TextResponse('hello'));
    expect((await call(unchecked, '/hello')).status).toBe(404);
  });
});
