import { describe, expect, test } from '@jest/globals';
import { FindMyWayRouter } from '@framework/router-fmw';
import {
  Application,
  APPLICATION_SERVICE,
  ApplicationFactory,
  doublePass,
  errorMiddleware,
  ROUTER_SERVICE,
  SimpleContainer,
  TextResponse,
  type WritableResponse,
} from '../../src';
import { call, markA, markB, messageOf } from './support';

const { ROUTING_MIDDLEWARE, DISPATCH_MIDDLEWARE } = ApplicationFactory;
const routing = { middleware: [ROUTING_MIDDLEWARE, DISPATCH_MIDDLEWARE] };

function containerFor(config: unknown): SimpleContainer {
  return new SimpleContainer()
    .setService('config', config)
    .setService(ROUTER_SERVICE, new FindMyWayRouter())
    .setFactory(APPLICATION_SERVICE, new ApplicationFactory({ onError: () => undefined }));
}

const routes = [
  { path: '/hello', middleware: doublePass((_request, response) => response.write('hello')) },
  {
    path: '/fails',
    middleware: () => {
      throw new Error('route failed');
    },
  },
];

const page = (label: string) => (error: unknown, _request: unknown, response: WritableResponse) =>
  response.withStatus(500).write(`${label}: ${messageOf(error)}`);

describe('Variant A in middleware_pipeline and routes', () => {
  test('the Variant A constants on ApplicationFactory equal the Application ones', () => {
    expect([ROUTING_MIDDLEWARE, DISPATCH_MIDDLEWARE]).toEqual([
      Application.ROUTING_MIDDLEWARE,
      Application.DISPATCH_MIDDLEWARE,
    ]);
  });

  test('an error: true entry with priority below 1 runs after routing and handles route errors', async () => {
    const app = containerFor({
      middleware_pipeline: [
        { middleware: page('error page'), error: true, priority: -10 },
        { middleware: markA('a'), priority: 10 },
        routing,
      ],
      routes,
    }).get<Application>(APPLICATION_SERVICE);
    const hello = await call(app, '/hello');
    expect([await hello.text(), hello.headers.get('x-trail')]).toEqual(['hello', 'a']);
    const fails = await call(app, '/fails');
    expect([fails.status, await fails.text()]).toEqual([500, 'error page: route failed']);
  });

  test('a service name with error: true is loaded lazily, only when an error reaches it', async () => {
    const container = containerFor({
      middleware_pipeline: [routing, { middleware: 'App\\ErrorPage', error: true, priority: 0 }],
      routes,
    });
    let built = 0;
    container.setFactory('App\\ErrorPage', () => (built++, page('lazy')));
    const app = container.get<Application>(APPLICATION_SERVICE);
    expect(await (await call(app, '/hello')).text()).toBe('hello');
    expect(built).toBe(0);
    expect(await (await call(app, '/fails')).text()).toBe('lazy: route failed');
    expect(built).toBe(1);
  });

  test('an invalid error service is accepted at build time and reported at invocation', async () => {
    const container = containerFor({
      debug: true,
      middleware_pipeline: [routing, { middleware: 'App\\Bad', error: true, priority: 0 }],
      routes,
    }).setService('App\\Bad', 42);
    const app = container.get<Application>(APPLICATION_SERVICE);
    expect(await (await call(app, '/hello')).text()).toBe('hello');
    const body = (await (await call(app, '/fails')).json()) as { detail: string };
    expect(body.detail).toBe(
      'Lazy-loaded error middleware service "App\\\\Bad" is not invokable: the container returned number 42. ' +
        'Register a function (error, request, response, next), errorMiddleware(fn), or an object with ' +
        'process() and processError().',
    );
  });

  test('an error: true list pipes each item as error middleware, in order, limited to the path', async () => {
    const passOn = errorMiddleware((error, request, response, next) =>
      next(request, response.write('first;'), error),
    );
    const app = containerFor({
      middleware_pipeline: [
        routing,
        { path: '/fails', middleware: [passOn, [page('second')]], error: true, priority: -1 },
        { middleware: markB('never'), priority: -2 },
      ],
      routes,
    }).get<Application>(APPLICATION_SERVICE);
    const response = await call(app, '/fails');
    expect(await response.text()).toBe('first;second: route failed');
    expect(response.headers.get('x-trail')).toBeNull();
  });

  test('a route given as a double-pass service name is resolved when it is invoked', async () => {
    const container = containerFor({
      routes: [{ path: '/', middleware: 'App\\Home', allowed_methods: ['GET'] }],
    }).setService('App\\Home', (_request: unknown, response: WritableResponse, _next: unknown) =>
      response.write('home'),
    );
    const app = container.get<Application>(APPLICATION_SERVICE);
    expect(await (await call(app, '/')).text()).toBe('home');
  });

  test('an error: true entry must hold error middleware', () => {
    const container = containerFor({
      middleware_pipeline: [
        routing,
        { middleware: { process: () => new TextResponse('x') }, error: true, priority: 0 },
      ],
    });
    expect(() => container.get(APPLICATION_SERVICE)).toThrow(
      'middleware_pipeline[1].middleware is not error middleware: the entry has error: true, so give a service ' +
        'name, a function (error, request, response, next) or errorMiddleware(fn); got an object.',
    );
  });
});
