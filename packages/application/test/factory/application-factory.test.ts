import { FindMyWayRouter } from '@framework/router-fmw';
import { describe, expect, it } from '@jest/globals';
import {
  Application,
  APPLICATION_SERVICE,
  ApplicationFactory,
  ROUTER_SERVICE,
  SimpleContainer,
  TextResponse,
} from '../../src';
import { call, containerFor, mark } from './support';

const ROUTING = [ApplicationFactory.ROUTING_MIDDLEWARE, ApplicationFactory.DISPATCH_MIDDLEWARE];

const boom = () => {
  throw new Error('boom');
};

function quietApp(config: unknown): Application {
  return containerFor(config)
    .setFactory(APPLICATION_SERVICE, new ApplicationFactory({ onError: () => undefined }))
    .get<Application>(APPLICATION_SERVICE);
}

describe('ApplicationFactory', () => {
  it('exposes the routing and dispatch constants of Application', () => {
    expect(ApplicationFactory.ROUTING_MIDDLEWARE).toBe(Application.ROUTING_MIDDLEWARE);
    expect(ApplicationFactory.DISPATCH_MIDDLEWARE).toBe(Application.DISPATCH_MIDDLEWARE);
  });

  it('works as a factory class, builds the application once and gives it the container and router', () => {
    const router = new FindMyWayRouter();
    const container = new SimpleContainer()
      .setService(ROUTER_SERVICE, router)
      .setFactory(APPLICATION_SERVICE, ApplicationFactory);
    const app = container.get<Application>(APPLICATION_SERVICE);
    expect(app).toBeInstanceOf(Application);
    expect(container.get(APPLICATION_SERVICE)).toBe(app);
    expect(app.getContainer()).toBe(container);
    expect(app.getRouter()).toBe(router);
  });

  it('says which adapters to install when the container has no router', () => {
    const container = new SimpleContainer().setFactory(APPLICATION_SERVICE, ApplicationFactory);
    expect(() => container.get(APPLICATION_SERVICE)).toThrow(
      'No router: pass one to AppFactory.create(container, router) or register it in the container as ' +
        '"Framework\\\\Router\\\\RouterInterface". Install a router adapter: npm install @framework/router-fmw ' +
        '(FindMyWayRouter), @framework/router-ptr (PathToRegexpRouter) or @framework/router-explicit-methods ' +
        '(ExplicitMethodsRouter).',
    );
  });

  it('validates the whole config before asking for the router', () => {
    const container = new SimpleContainer()
      .setService('config', { routes: [{ middleware: 'x' }] })
      .setFactory(APPLICATION_SERVICE, ApplicationFactory);
    expect(() => container.get(APPLICATION_SERVICE)).toThrow('routes[0].path is required.');
  });

  it('turns development mode on with debug: true', async () => {
    const app = quietApp({ debug: true, routes: [{ path: '/fail', middleware: boom }] });
    expect(app.development).toBe(true);
    const response = await call(app, '/fail');
    expect(response.status).toBe(500);
    expect(await response.text()).toContain('boom');
  });

  it('keeps development mode off without debug (outside NODE_ENV=development)', async () => {
    const app = quietApp({ debug: false, routes: [{ path: '/fail', middleware: boom }] });
    expect(app.development).toBe(false);
    expect(await (await call(app, '/fail')).text()).not.toContain('boom');
  });

  it('passes its options on to the application', () => {
    const container = containerFor({}).setFactory(
      APPLICATION_SERVICE,
      new ApplicationFactory({ bodyLimit: 10, development: true }),
    );
    const app = container.get<Application>(APPLICATION_SERVICE);
    expect(app.bodyLimit).toBe(10);
    expect(app.development).toBe(true);
  });

  it('uses services registered after it built the application, and never refuses a route for one', async () => {
    const container = containerFor({
      middleware_pipeline: [{ middleware: 'App\\Audit', priority: 10 }, { middleware: ROUTING }],
      routes: [{ path: '/ping', middleware: 'App\\Ping', allowed_methods: ['GET'] }],
    });
    const app = container.get<Application>(APPLICATION_SERVICE);
    app.post('/post', 'PostHandler');
    container.setService('App\\Audit', mark('audit'));
    container.setService('App\\Ping', () => new TextResponse('pong'));
    container.setService('PostHandler', () => new TextResponse('posted'));
    const ping = await call(app, '/ping');
    expect([await ping.text(), ping.headers.get('x-trail')]).toEqual(['pong', 'audit']);
    expect(await (await call(app, '/post', { method: 'POST' })).text()).toBe('posted');
    expect(app.check()).toEqual([]);
  });

  it('serves what it can while a configured service is missing: only its requests fail', async () => {
    const app = quietApp({
      routes: [
        { path: '/ok', middleware: () => new TextResponse('ok') },
        { path: '/ghost', middleware: 'App\\Ghost' },
      ],
    });
    expect((await call(app, '/ok')).status).toBe(200);
    expect((await call(app, '/ghost')).status).toBe(500);
    expect(app.check()).toEqual([
      expect.objectContaining({ code: 'FRAMEWORK_ERR_MIDDLEWARE_SERVICE_NOT_FOUND' }),
    ]);
  });

  it('lets code add routes to the configured application (hybrid)', async () => {
    const app = quietApp({ routes: [{ path: '/', middleware: () => new Response('home') }] });
    app.post('/post', () => new Response('posted'));
    expect(await (await call(app, '/post', { method: 'POST' })).text()).toBe('posted');
    expect(await (await call(app, '/')).text()).toBe('home');
  });
});
