import { describe, expect, test } from '@jest/globals';
import { FindMyWayRouter } from '@framework/router-fmw';
import {
  Application,
  ApplicationFactory,
  ErrorHandlerMiddleware,
  errorMiddleware,
  type Middleware,
  ROUTER_SERVICE,
  RoutingMiddleware,
  SimpleContainer,
  TextResponse,
  variantA,
} from '../src';

const quiet = { development: false, onError: () => undefined } as const;

function codeFirst(options: ConstructorParameters<typeof Application>[1] = {}): Application {
  const app = new Application(new FindMyWayRouter(), { ...quiet, ...options });
  app.get('/notes/{id}', (request) => new TextResponse(`note ${request.params.id}`));
  return app;
}

/** Middleware that records its name in the answer's `x-trail` header. */
function mark(name: string): Middleware {
  return async (request, handler) => {
    const response = await handler.handle(request);
    response.headers.set('x-trail', [response.headers.get('x-trail'), name].filter(Boolean).join(','));
    return response;
  };
}

async function summary(response: Response) {
  return { status: response.status, allow: response.headers.get('allow'), body: await response.text() };
}

describe('routing by default in a code-first application', () => {
  test('an application with only routes answers 200, 404, and 405 with Allow', async () => {
    const app = codeFirst();
    expect(await summary(await app.request('/notes/7'))).toEqual({
      status: 200,
      allow: null,
      body: 'note 7',
    });
    expect((await app.request('/nothing')).status).toBe(404);
    expect(await summary(await app.request('/notes/7', { method: 'DELETE' }))).toMatchObject({
      status: 405,
      allow: 'GET, HEAD, OPTIONS',
    });
    expect(await summary(await app.request('/notes/7', { method: 'HEAD' }))).toEqual({
      status: 200,
      allow: null,
      body: '',
    });
    expect(app.routesImplicitly()).toBe(true);
    expect(app.check()).toEqual([]);
    expect(() => app.checkBeforeRun()).not.toThrow();
  });

  test('routing runs after every middleware piped, even middleware piped after the first request', async () => {
    const app = codeFirst().pipe(mark('first'));
    expect((await app.request('/notes/1')).headers.get('x-trail')).toBe('first');
    app.pipe(mark('second'));
    app.get('/later', () => new TextResponse('later'));
    const response = await app.request('/later');
    expect([await response.text(), response.headers.get('x-trail')]).toEqual(['later', 'second,first']);
  });

  test('a middleware that answers first still answers; errors of a route are answered as when piped', async () => {
    const reported: unknown[] = [];
    const app = new Application(new FindMyWayRouter(), {
      development: false,
      onError: (e) => reported.push(e),
    });
    app.get('/boom', () => {
      throw new Error('secret detail');
    });
    app.pipe('/health', () => new TextResponse('ok'));
    expect(await (await app.request('/health')).text()).toBe('ok');
    const boom = await app.request('/boom');
    expect(boom.status).toBe(500);
    expect(await boom.text()).not.toContain('secret detail');
    expect(reported).toHaveLength(1);
  });

  test('a piped ErrorHandlerMiddleware takes over the errors of implicitly routed handlers', async () => {
    const seen: string[] = [];
    const app = codeFirst().pipe(
      new ErrorHandlerMiddleware({ onError: (error) => seen.push((error as Error).message) }),
    );
    app.get('/boom', () => {
      throw new Error('from the route');
    });
    expect((await app.request('/boom')).status).toBe(500);
    expect(seen).toEqual(['from the route']);
  });

  test('an application without routes answers 404 from its pipe, as before', async () => {
    const app = new Application(new FindMyWayRouter(), quiet);
    expect(app.routesImplicitly()).toBe(false);
    expect((await app.request('/')).status).toBe(404);
  });
});

describe('explicit routing keeps the spec behaviour exactly', () => {
  test('routing without dispatch matches but dispatches nothing, and check() warns', async () => {
    const app = codeFirst().pipeRoutingMiddleware();
    expect(app.routesImplicitly()).toBe(false);
    expect((await app.request('/notes/1')).status).toBe(404);
    expect(app.check().map(({ severity }) => severity)).toEqual(['warning']);
  });

  test('routing piped under a path routes only there', async () => {
    const app = codeFirst().pipe('/api', [Application.ROUTING_MIDDLEWARE, Application.DISPATCH_MIDDLEWARE]);
    expect((await app.request('/notes/1')).status).toBe(404);
    expect(await (await app.request('/api/notes/1')).text()).toBe('note 1');
  });

  test('dispatch alone counts as explicit: check() still reports the missing routing', async () => {
    const app = codeFirst().pipeDispatchMiddleware();
    expect((await app.request('/notes/1')).status).toBe(404);
    expect(app.check()).toEqual([expect.objectContaining({ severity: 'error' })]);
  });

  test('a RoutingMiddleware of its own counts as routing piped', async () => {
    const router = new FindMyWayRouter();
    const app = new Application(router, quiet).pipe(new RoutingMiddleware(router));
    app.get('/a', () => new TextResponse('a'));
    expect(app.routesImplicitly()).toBe(false);
    expect((await app.request('/a')).status).toBe(404);
  });

  test('Variant A error middleware after explicit routing handles the route errors, as before', async () => {
    const app = codeFirst({ variant: variantA }).pipeRoutingMiddleware().pipeDispatchMiddleware();
    app.pipe(errorMiddleware((_error, _request, response) => response.withStatus(418)));
    app.get('/boom', () => {
      throw new Error('boom');
    });
    expect((await app.request('/boom')).status).toBe(418);
  });

  test('implicitRouting: false keeps the pipe as piped: 404, and check() reports the error', async () => {
    const app = codeFirst({ implicitRouting: false });
    expect((await app.request('/notes/1')).status).toBe(404);
    expect(app.check()).toEqual([
      expect.objectContaining({ code: 'FRAMEWORK_ERR_APP_ROUTING_NOT_PIPED', severity: 'error' }),
    ]);
  });
});

describe('applications built from config', () => {
  function fromConfig(config: Record<string, unknown>): Application {
    const container = new SimpleContainer()
      .setService('config', config)
      .setService(ROUTER_SERVICE, new FindMyWayRouter());
    return new ApplicationFactory(quiet).create(container);
  }

  test('a declared middleware_pipeline is the whole pipeline, routes added in code included', async () => {
    const app = fromConfig({ middleware_pipeline: [] });
    app.get('/a', () => new TextResponse('a'));
    expect(app.routesImplicitly()).toBe(false);
    expect((await app.request('/a')).status).toBe(404);
    expect(app.check()).toEqual([expect.objectContaining({ severity: 'error' })]);
  });

  test('without middleware_pipeline, configured routes are routed by the default pipeline', async () => {
    const app = fromConfig({ routes: [{ path: '/a', middleware: () => new TextResponse('a') }] });
    expect(app.routesImplicitly()).toBe(false);
    expect(await (await app.request('/a')).text()).toBe('a');
  });

  test('without middleware_pipeline or routes, routes added in code are routed by default', async () => {
    const app = fromConfig({});
    app.get('/a', () => new TextResponse('a'));
    expect(await (await app.request('/a')).text()).toBe('a');
    expect(app.check()).toEqual([]);
  });
});

describe('a mounted application with only routes', () => {
  function mounted() {
    const admin = new Application(new FindMyWayRouter(), quiet);
    admin.get('/stats', () => new TextResponse('stats'));
    const parent = new Application(new FindMyWayRouter(), quiet);
    parent.pipe('/admin', admin);
    parent.get('/', () => new TextResponse('home'));
    return parent;
  }

  test('answers its routes through its parent, 405 with Allow, and hands unknown paths back', async () => {
    const parent = mounted();
    expect(await (await parent.request('/admin/stats')).text()).toBe('stats');
    expect(await summary(await parent.request('/admin/stats', { method: 'POST' }))).toMatchObject({
      status: 405,
      allow: 'GET, HEAD, OPTIONS',
    });
    expect((await parent.request('/admin/none')).status).toBe(404);
    expect(await (await parent.request('/')).text()).toBe('home');
    expect(parent.check()).toEqual([]);
  });

  test('works under a parent that routes explicitly', async () => {
    const admin = new Application(new FindMyWayRouter(), quiet);
    admin.get('/stats', () => new TextResponse('stats'));
    const parent = new Application(new FindMyWayRouter(), quiet)
      .pipeRoutingMiddleware()
      .pipe('/admin', admin)
      .pipeDispatchMiddleware();
    expect(await (await parent.request('/admin/stats')).text()).toBe('stats');
    expect((await parent.request('/admin/none')).status).toBe(404);
  });
});
