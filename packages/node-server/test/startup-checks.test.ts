import { afterEach, describe, expect, jest, test } from '@jest/globals';
import { get } from 'node:http';
import type { Router } from '@framework/router-contract';
import { FindMyWayRouter } from '@framework/router-fmw';
import {
  Application,
  APPLICATION_SERVICE,
  ApplicationFactory,
  type Logger,
  lazyMiddleware,
  MethodNotAllowedMiddleware,
  ROUTER_SERVICE,
  RoutingMiddleware,
  ServerRequest,
  SimpleContainer,
  TextResponse,
} from '@framework/application';
import { run } from '../src';
import { ADAPTERS } from './hostile/adapters';
import { call } from './support/app';
import { type Fixture, startFixture, stopFixture, waitFor } from './support/fixture-process';
import { closeServer, serve } from './support/serve';

const NO_ROUTING =
  'The application has 1 route but no routing middleware, so every request would answer 404. Call ' +
  'app.pipeRoutingMiddleware() and then app.pipeDispatchMiddleware() (in config: ROUTING_MIDDLEWARE ' +
  'then DISPATCH_MIDDLEWARE in middleware_pipeline).';
const DISPATCH_FIRST =
  'The application has 2 routes, but the dispatch middleware is piped before the routing middleware, so it ' +
  'dispatches no route unless another routing middleware runs before it. Call app.pipeRoutingMiddleware() ' +
  'before app.pipeDispatchMiddleware() if that is not intended.';
const NO_DISPATCH =
  'The application has 1 route and a routing middleware but no dispatch middleware, so routes are matched ' +
  'but only run if middleware of your own dispatches them. Call app.pipeDispatchMiddleware() after ' +
  'app.pipeRoutingMiddleware() if that is not intended.';
const RUN_ADVICE =
  'run() checks the setup before it listens. Fix the setup, or build the application with the option ' +
  'startupChecks: false to start anyway.';

function missing(name: string): string {
  return (
    `Middleware service ${JSON.stringify(name)} is not in the container: the requests that reach it answer ` +
    '500. Register it with setFactory()/setService() (or the dependencies config), or fix the name.'
  );
}

/** Without routing by default, so an application that pipes no routing shows the spec's findings. */
function app(options: ConstructorParameters<typeof Application>[1] = {}): Application {
  return new Application(new FindMyWayRouter(), {
    onError: () => undefined,
    implicitRouting: false,
    ...options,
  });
}

/** An application with the routing middleware, no dispatch middleware, and one route `/a`. */
function routingOnly(options: ConstructorParameters<typeof Application>[1] = {}): Application {
  const halfway = app(options).pipeRoutingMiddleware();
  halfway.get('/a', () => new TextResponse('a'));
  return halfway;
}

const passOn = (request: never, handler: { handle(request: never): never }) => handler.handle(request);

/** A logger that records its warnings as `[fields, message]`. */
function recordingLogger(): Logger & { warnings: unknown[][] } {
  const warnings: unknown[][] = [];
  const ignore = () => undefined;
  return { debug: ignore, info: ignore, error: ignore, warn: (...args) => warnings.push(args), warnings };
}

describe('a missing service costs only the requests that reach it', () => {
  test('one missing service: other routes answer 200, the ghost route 500 naming the service', async () => {
    for (const development of [false, true]) {
      const ghostly = app({ container: new SimpleContainer(), development });
      const quiet = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      ghostly.pipeRoutingMiddleware().pipeDispatchMiddleware();
      ghostly.get('/ok', () => new TextResponse('ok'));
      ghostly.get('/ghost', 'no.such.service');
      for (const path of ['/ok', '/ghost', '/ok']) {
        const response = await call(ghostly, path);
        expect(response.status).toBe(path === '/ok' ? 200 : 500);
        if (path === '/ghost' && development) {
          expect(await response.json()).toMatchObject({
            code: 'FRAMEWORK_ERR_MIDDLEWARE_SERVICE_NOT_FOUND',
            detail: expect.stringContaining('Middleware service "no.such.service" is not in the container.'),
          });
        }
      }
      expect((await call(ghostly, '/elsewhere')).status).toBe(404);
      quiet.mockRestore();
    }
  });

  test('the Node listener serves the other routes too, and onError hears of the ghost only', async () => {
    const reported: unknown[] = [];
    const ghostly = app({
      container: new SimpleContainer(),
      startupChecks: false,
      onError: (error) => reported.push(error),
    });
    ghostly.pipeRoutingMiddleware().pipeDispatchMiddleware();
    ghostly.get('/ok', () => new TextResponse('ok'));
    ghostly.get('/ghost', 'App\\Ghost');
    const { server, origin } = await serve(ghostly);
    try {
      const statuses = [];
      for (const path of ['/ok', '/ghost', '/ok']) statuses.push((await fetch(origin + path)).status);
      expect(statuses).toEqual([200, 500, 200]);
      expect(reported).toEqual([
        expect.objectContaining({ code: 'FRAMEWORK_ERR_MIDDLEWARE_SERVICE_NOT_FOUND' }),
      ]);
    } finally {
      await closeServer(server);
    }
  });

  test('a mounted application with a mistake answers through its parent as it can', async () => {
    const sub = app({ development: true });
    sub.get('/y', () => new TextResponse('y'));
    const parent = app();
    parent.pipe('/sub', sub);
    parent.pipe(() => new TextResponse('parent'));
    const quiet = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await (await call(parent, '/sub/y')).text()).toBe('parent');
    quiet.mockRestore();
  });
});

describe('ApplicationFactory never refuses a service registered later', () => {
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

  test('it builds with services missing, and check() names every missing pipeline, error and route service', () => {
    const built = containerWith({ 'App\\Cors': passOn }).get<Application>(APPLICATION_SERVICE);
    expect(built.check()).toEqual([
      {
        code: 'FRAMEWORK_ERR_MIDDLEWARE_SERVICE_NOT_FOUND',
        severity: 'error',
        message: missing('App\\ErrorPage'),
      },
      {
        code: 'FRAMEWORK_ERR_MIDDLEWARE_SERVICE_NOT_FOUND',
        severity: 'error',
        message: missing('App\\Ping'),
      },
    ]);
  });

  test('services registered after the application is fetched are used (hybrid assembly)', async () => {
    const container = containerWith({});
    const hybrid = container.get<Application>(APPLICATION_SERVICE);
    hybrid.post('/post', 'PostHandler');
    container.setService('App\\Cors', passOn);
    container.setService('App\\ErrorPage', () => new TextResponse('error page'));
    container.setService('App\\Ping', () => new TextResponse('pong'));
    container.setService('PostHandler', () => new TextResponse('posted'));
    expect(hybrid.check()).toEqual([]);
    expect(await (await call(hybrid, '/ping')).text()).toBe('pong');
    expect(await (await call(hybrid, '/post', { method: 'POST' })).text()).toBe('posted');
  });

  test('services are still built lazily: check() asks has(), never get()', () => {
    let built = 0;
    const container = containerWith({});
    for (const name of ['App\\Cors', 'App\\Ping', 'App\\ErrorPage']) {
      container.setFactory(name, () => {
        built++;
        return () => new TextResponse(name);
      });
    }
    const lazy = container.get<Application>(APPLICATION_SERVICE);
    expect(lazy.check()).toEqual([]);
    expect(built).toBe(0);
  });
});

describe('run() checks before it listens', () => {
  test('an application built in code is refused with its errors, and starts once they are fixed', async () => {
    const container = new SimpleContainer();
    const coded = app({ container });
    coded.pipe(lazyMiddleware(container, 'App\\Audit'));
    coded.pipeRoutingMiddleware().pipeDispatchMiddleware();
    coded.get('/', 'App\\Home');
    await expect(run(coded, { host: '127.0.0.1', port: 0, handleSignals: false })).rejects.toThrow(
      `The setup check found 2 problems:\n- ${missing('App\\Audit')}\n- ${missing('App\\Home')}\n${RUN_ADVICE}`,
    );
    container.setService('App\\Audit', passOn);
    container.setService('App\\Home', () => new TextResponse('home'));
    const server = await run(coded, { host: '127.0.0.1', port: 0, handleSignals: false });
    await closeServer(server);
  });

  test('warnings are logged to its logger, and it starts', async () => {
    const logger = recordingLogger();
    const { server } = await serve(routingOnly(), { logger });
    await closeServer(server);
    expect(logger.warnings).toEqual([
      [{ code: 'FRAMEWORK_ERR_APP_ROUTING_NOT_PIPED', severity: 'warning' }, NO_DISPATCH],
    ]);
  });

  test('startupChecks: false starts anyway', async () => {
    const unchecked = app({ container: new SimpleContainer(), startupChecks: false });
    unchecked.get('/hello', 'App\\Hello');
    const { server, origin } = await serve(unchecked);
    try {
      expect((await fetch(`${origin}/hello`)).status).toBe(404);
    } finally {
      await closeServer(server);
    }
  });

  describe('as the entry script of a process', () => {
    let running: Fixture | undefined;
    afterEach(() => {
      if (running) stopFixture(running);
      running = undefined;
    });

    test('a missing service makes it exit 1 before listening, printing the finding', async () => {
      running = startFixture('missing-service.js');
      expect(await running.exited).toBe(1);
      expect(running.output()).toContain(`${missing('App\\Handler\\Ghost')}\n${RUN_ADVICE}`);
      expect(running.output()).not.toContain('listening');
    });

    test('with the checks off it serves over its socket, and only the ghost route fails', async () => {
      running = startFixture('missing-service.js', { STARTUP_CHECKS: 'off' });
      const port = Number((await waitFor(running, /listening (\d+)/))[1]);
      const statuses = [];
      for (const path of ['/', '/ghost', '/']) statuses.push(await statusOver(port, path));
      expect(statuses).toEqual([200, 500, 200]);
    });
  });
});

describe('app.check() lists what it finds', () => {
  test('both kinds of finding, errors first; throwOn throws at that severity', () => {
    const container = new SimpleContainer();
    const parent = app({ container });
    parent.pipe('App\\Missing');
    const sub = routingOnly();
    parent.pipe('/sub', sub);
    parent.get('/b', () => new TextResponse('b'));
    const findings = [
      { code: 'FRAMEWORK_ERR_APP_ROUTING_NOT_PIPED', severity: 'error', message: NO_ROUTING },
      {
        code: 'FRAMEWORK_ERR_MIDDLEWARE_SERVICE_NOT_FOUND',
        severity: 'error',
        message: missing('App\\Missing'),
      },
      {
        code: 'FRAMEWORK_ERR_APP_ROUTING_NOT_PIPED',
        severity: 'warning',
        message: `In the application mounted at "/sub": ${NO_DISPATCH}`,
      },
    ];
    expect(parent.check()).toEqual(findings);
    expect(() => parent.check({ throwOn: 'error' })).toThrow(
      `The setup check found 2 problems:\n- ${NO_ROUTING}\n- ${missing('App\\Missing')}`,
    );
    expect(() => sub.check({ throwOn: 'error' })).not.toThrow();
    expect(() => sub.check({ throwOn: 'warning' })).toThrow(
      expect.objectContaining({ code: 'FRAMEWORK_ERR_APP_ROUTING_NOT_PIPED', message: NO_DISPATCH }),
    );
  });

  test('no routing middleware is an error; checkSetup() still throws it', () => {
    const forgetful = app();
    forgetful.get('/hello', () => new TextResponse('hello'));
    expect(forgetful.check()).toEqual([
      { code: 'FRAMEWORK_ERR_APP_ROUTING_NOT_PIPED', severity: 'error', message: NO_ROUTING },
    ]);
    expect(() => forgetful.checkSetup()).toThrow(NO_ROUTING);
  });

  test('dispatch before routing, and routing without dispatch, are warnings', () => {
    const reversed = app();
    reversed.pipeDispatchMiddleware().pipeRoutingMiddleware();
    reversed.get('/a', () => new TextResponse('a'));
    reversed.get('/b', () => new TextResponse('b'));
    expect(reversed.check()).toEqual([
      { code: 'FRAMEWORK_ERR_APP_ROUTING_NOT_PIPED', severity: 'warning', message: DISPATCH_FIRST },
    ]);
    expect(() => routingOnly().checkSetup()).toThrow(NO_DISPATCH);
  });

  test('the constants inside a nested list and path-limited pipes count, in order', async () => {
    const nested = app();
    nested.pipe('/api', [Application.ROUTING_MIDDLEWARE, Application.DISPATCH_MIDDLEWARE]);
    nested.get('/a', () => new TextResponse('a'));
    expect(nested.check()).toEqual([]);
    expect(await (await call(nested, '/api/a')).text()).toBe('a');
  });

  test('an application without routes finds nothing', async () => {
    const middlewareOnly = app();
    middlewareOnly.pipe(() => new TextResponse('only middleware'));
    expect(middlewareOnly.check()).toEqual([]);
    expect(await (await call(middlewareOnly, '/')).text()).toBe('only middleware');
  });
});

describe('development mode reports the findings at the first request', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  function forgetful(options: ConstructorParameters<typeof Application>[1]): Application {
    const built = app(options);
    built.pipe(() => new TextResponse('served'));
    built.get('/hello', () => new TextResponse('hello'));
    return built;
  }

  test('as warnings, once, without changing the answers', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const developing = forgetful({ development: true });
    for (let i = 0; i < 3; i++) expect(await (await call(developing, '/hello')).text()).toBe('served');
    expect(warn.mock.calls).toEqual([
      [`[framework] ${NO_ROUTING}`, { code: 'FRAMEWORK_ERR_APP_ROUTING_NOT_PIPED', severity: 'error' }],
    ]);
  });

  test('a mounted application reports its own at its first request', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const parent = app().pipe('/sub', routingOnly({ development: true }));
    await call(parent, '/sub/a');
    await call(parent, '/sub/a');
    expect(warn.mock.calls).toEqual([
      [`[framework] ${NO_DISPATCH}`, { code: 'FRAMEWORK_ERR_APP_ROUTING_NOT_PIPED', severity: 'warning' }],
    ]);
  });

  test('a parent in development mode reports its mounted applications once, for them too', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const parent = app({ development: true }).pipe('/sub', routingOnly({ development: true }));
    await call(parent, '/sub/a');
    await call(parent, '/sub/a');
    expect(warn.mock.calls).toEqual([
      [
        `[framework] In the application mounted at "/sub": ${NO_DISPATCH}`,
        { code: 'FRAMEWORK_ERR_APP_ROUTING_NOT_PIPED', severity: 'warning' },
      ],
    ]);
  });

  test('not outside development mode, nor with startupChecks: false, nor after run() checked', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await call(forgetful({ development: false }), '/hello');
    await call(forgetful({ development: true, startupChecks: false }), '/hello');
    const halfway = routingOnly({ development: true });
    const logger = recordingLogger();
    const { server } = await serve(halfway, { logger });
    await closeServer(server);
    await call(halfway, '/a');
    expect(warn).not.toHaveBeenCalled();
    expect(logger.warnings).toHaveLength(1);
  });
});

describe.each(ADAPTERS)("Mezzio's pipeline without dispatch, on %s", (_name, createRouter) => {
  // mezzio-router AbstractImplicitMethodsIntegrationTest::testWithoutImplicitMiddleware
  function mezzioApp(router: Router<unknown>): Application {
    const piped = new Application(router, { onError: () => undefined });
    piped.pipe(new RoutingMiddleware(router));
    piped.pipe(new MethodNotAllowedMiddleware());
    piped.route('/foo', () => new TextResponse('never dispatched'), ['GET']);
    return piped;
  }
  const finalHandler = { handle: () => new TextResponse('final', { status: 404 }) };

  test.each(['POST', 'DELETE', 'HEAD', 'OPTIONS'])('%s /foo answers 405 with Allow', async (method) => {
    const mezzio = mezzioApp(createRouter());
    const request = ServerRequest.fromRequest(new Request('http://localhost/foo', { method }));
    const processed = await mezzio.process(request, finalHandler);
    expect([processed.status, processed.headers.get('allow')]).toEqual([405, 'GET, HEAD, OPTIONS']);
    const fetched = await call(mezzio, '/foo', { method });
    expect([fetched.status, fetched.headers.get('allow')]).toEqual([405, 'GET, HEAD, OPTIONS']);
  });

  test('GET /foo reaches the final handler; check() warns and run() starts', async () => {
    const mezzio = mezzioApp(createRouter());
    const request = ServerRequest.fromRequest(new Request('http://localhost/foo'));
    expect(await (await mezzio.process(request, finalHandler)).text()).toBe('final');
    expect(mezzio.check()).toEqual([expect.objectContaining({ severity: 'warning' })]);
    const { server, origin } = await serve(mezzio, { logger: recordingLogger() });
    try {
      const response = await fetch(`${origin}/foo`, { method: 'DELETE' });
      expect([response.status, response.headers.get('allow')]).toEqual([405, 'GET, HEAD, OPTIONS']);
    } finally {
      await closeServer(server);
    }
  });
});

/** The status of `GET path` on 127.0.0.1:`port`, over a fresh connection. */
function statusOver(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.setTimeout(5_000, () => req.destroy(new Error(`No answer to GET ${path} within 5 s`)));
    req.on('error', reject);
  });
}
