import { describe, expect, test } from '@jest/globals';
import { Route } from '@framework/router-contract';
import {
  AppFactory,
  Application,
  APPLICATION_SERVICE,
  CONFIG_SERVICE,
  JsonResponse,
  MiddlewarePipe,
  ROUTER_SERVICE,
  ServerRequest,
  SimpleContainer,
  TextResponse,
} from '../src';
import { call, createApp } from './support/app';
import { FindMyWayRouter } from '@framework/router-fmw';

describe('Application routes', () => {
  test('route() and the verb methods return the Route; route(routeObject) registers it', async () => {
    const app = createApp();
    const any = app.route('/any', () => new TextResponse('any'));
    expect(any).toBeInstanceOf(Route);
    expect(any.getAllowedMethods()).toBeNull();
    expect(app.get('/g', () => new TextResponse('g')).getAllowedMethods()).toEqual(['GET']);
    expect(app.post('/g', () => new TextResponse('p'), 'posting').getName()).toBe('posting');
    const own = new Route('/own/{id}', (r: ServerRequest) => new TextResponse(r.params.id ?? ''), ['GET']);
    expect(app.route(own)).toBe(own);
    own.setOptions({ tokens: { id: '\\d+' } });
    expect(await (await call(app, '/own/12')).text()).toBe('12');
    expect((await call(app, '/own/ab')).status).toBe(404);
  });

  test('a duplicate path with overlapping methods throws, naming both routes', () => {
    const app = createApp();
    app.route('/post', () => new TextResponse(''), ['GET', 'POST']);
    app.put('/post', () => new TextResponse(''));
    expect(() => app.post('/post', () => new TextResponse(''))).toThrow(
      'Duplicate route: route "/post^POST" (/post, POST) overlaps route "/post^GET:POST" (/post, GET, POST) on POST. ' +
        'Make the method lists disjoint, or remove one.',
    );
    expect(() => app.route('/post', () => new TextResponse(''))).toThrow(/overlaps route "\/post\^GET:POST"/);
  });

  test('routes of one shape with other placeholder names are not duplicates: tokens and precedence decide', async () => {
    const app = createApp();
    app
      .get('/post/{id}', (r) => new TextResponse(`id ${r.params.id}`))
      .setOptions({ tokens: { id: '\\d+' } });
    app.get('/post/{slug}', (r) => new TextResponse(`slug ${r.params.slug}`));
    expect(await (await call(app, '/post/12')).text()).toBe('id 12');
    expect(await (await call(app, '/post/hello')).text()).toBe('slug hello');
  });

  test('a duplicate name throws, naming both routes', () => {
    const app = createApp();
    app.get('/a', () => new TextResponse(''), 'home');
    expect(() => app.get('/b', () => new TextResponse(''), 'home')).toThrow(
      'Duplicate route name "home": route "home" (/b, GET) and route "home" (/a, GET). ' +
        'Pass another name.',
    );
  });

  test('a registration that fails leaves no route behind, so the same route can be registered again', async () => {
    const app = createApp();
    expect(() => app.get('/a', 'NoSuchHandler', 'a')).toThrow(
      expect.objectContaining({ code: 'FRAMEWORK_ERR_MIDDLEWARE_UNRESOLVABLE' }),
    );
    expect((await call(app, '/a')).status).toBe(404);
    app.get('/a', () => new TextResponse('a'), 'a');
    expect(await (await call(app, '/a')).text()).toBe('a');
  });

  test('a route the router refuses leaves no route behind', async () => {
    class RefusingRouter extends FindMyWayRouter {
      refuse = true;
      override addRoute(route: Route<unknown>): void {
        if (this.refuse) throw new Error('refused');
        super.addRoute(route);
      }
    }
    const router = new RefusingRouter();
    const app = new Application(router).pipeRoutingMiddleware().pipeDispatchMiddleware();
    expect(() => app.get('/b', () => new TextResponse('first'), 'b')).toThrow('refused');
    router.refuse = false;
    app.get('/b', () => new TextResponse('b'), 'b');
    expect(await (await call(app, '/b')).text()).toBe('b');
  });

  test('exposes the constants, the container and the router', () => {
    const container = new SimpleContainer();
    const router = new FindMyWayRouter();
    const app = new Application(router, { container });
    expect(Application.ROUTING_MIDDLEWARE).toBe('Framework\\Router\\Middleware\\RouteMiddleware');
    expect(Application.DISPATCH_MIDDLEWARE).toBe('Framework\\Router\\Middleware\\DispatchMiddleware');
    expect(app.getContainer()).toBe(container);
    expect(app.getRouter()).toBe(router);
    expect([APPLICATION_SERVICE, ROUTER_SERVICE, CONFIG_SERVICE]).toEqual([
      'Framework\\Application',
      'Framework\\Router\\RouterInterface',
      'config',
    ]);
  });
});

describe('mounting (spec 4.8)', () => {
  function api(): Application {
    const inner = createApp();
    inner.get('/', () => new TextResponse('api root'));
    inner.get(
      '/users/{id}',
      (r) => new JsonResponse({ id: r.params.id, self: inner.generateUri('user', r.params, r) }),
      'user',
    );
    return inner;
  }

  test('an application mounts inside another; /api is seen as /', async () => {
    const outer = new Application(new FindMyWayRouter(), { onError: () => undefined });
    outer.pipe('/api', api());
    outer.pipeRoutingMiddleware().pipeDispatchMiddleware();
    outer.get('/', () => new TextResponse('outer root'));
    outer.get('/apix', () => new TextResponse('outer apix'));
    expect(await (await call(outer, '/api')).text()).toBe('api root');
    expect(await (await call(outer, '/api/')).text()).toBe('api root');
    expect(await (await call(outer, '/api/users/5')).json()).toEqual({ id: '5', self: '/api/users/5' });
    expect(await (await call(outer, '/apix')).text()).toBe('outer apix');
    expect(await (await call(outer, '/')).text()).toBe('outer root');
    expect((await call(outer, '/api/nothing')).status).toBe(404);
  });

  test('an application mounts inside a plain pipe', async () => {
    const pipe = new MiddlewarePipe().pipe('/api', api());
    const response = await pipe.handle(ServerRequest.fromRequest(new Request('http://x/api/users/9')));
    expect(await response.json()).toEqual({ id: '9', self: '/api/users/9' });
  });

  test('process() falls through to the caller when nothing matches', async () => {
    const inner = api();
    const response = await inner.process(ServerRequest.fromRequest(new Request('http://x/zzz')), {
      handle: (r) => new TextResponse(`outer got ${r.path}`),
    });
    expect(await response.text()).toBe('outer got /zzz');
  });

  test('generateUri without a request has no base path', () => {
    expect(api().generateUri('user', { id: 'a b' })).toBe('/users/a%20b');
  });
});

describe('AppFactory.create', () => {
  test('uses the router given, else the container router', () => {
    const router = new FindMyWayRouter();
    expect(AppFactory.create(new SimpleContainer(), router).getRouter()).toBe(router);
    const container = new SimpleContainer().setService(ROUTER_SERVICE, router);
    const app = AppFactory.create(container);
    expect(app.getRouter()).toBe(router);
    expect(app.getContainer()).toBe(container);
  });

  test('without a container it gives the application a new, empty SimpleContainer', () => {
    const first = AppFactory.create(undefined, new FindMyWayRouter()).getContainer();
    const second = AppFactory.create(undefined, new FindMyWayRouter()).getContainer();
    expect(first).toBeInstanceOf(SimpleContainer);
    expect(second).not.toBe(first);
    expect(first?.has(ROUTER_SERVICE)).toBe(false);
  });

  test('without a container the application still resolves services registered on the default one', async () => {
    const app = AppFactory.create(undefined, new FindMyWayRouter());
    (app.getContainer() as SimpleContainer).setFactory('ping', () => () => new TextResponse('pong'));
    app.pipeRoutingMiddleware();
    app.pipeDispatchMiddleware();
    app.get('/ping', 'ping');
    expect(await (await app.fetch(new Request('http://localhost/ping'))).text()).toBe('pong');
  });

  test('without any router it fails listing the adapter packages', () => {
    expect(() => AppFactory.create(new SimpleContainer())).toThrow(
      'No router: pass one to AppFactory.create(container, router) or register it in the container as ' +
        '"Framework\\\\Router\\\\RouterInterface". Install a router adapter: npm install @framework/router-fmw ' +
        '(FindMyWayRouter), @framework/router-ptr (PathToRegexpRouter) or @framework/router-explicit-methods ' +
        '(ExplicitMethodsRouter).',
    );
  });
});
