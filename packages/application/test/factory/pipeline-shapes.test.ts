import { describe, expect, it } from '@jest/globals';
import { FindMyWayRouter } from '@framework/router-fmw';
import {
  ApplicationFactory,
  type RequestHandler,
  ROUTER_SERVICE,
  type ServerRequest,
  SimpleContainer,
  TextResponse,
} from '../../src';
import { answer, appFrom, call, mark, trailOf } from './support';

const { ROUTING_MIDDLEWARE, DISPATCH_MIDDLEWARE } = ApplicationFactory;
const routing = [ROUTING_MIDDLEWARE, DISPATCH_MIDDLEWARE];
const hello = { path: '/hello', middleware: answer('hello') };

describe('middleware_pipeline shapes', () => {
  it('treats an object like a list in key order, ignoring the keys', async () => {
    const list = appFrom({
      middleware_pipeline: [{ middleware: mark('a') }, { middleware: mark('b') }, { middleware: routing }],
      routes: [hello],
    });
    const object = appFrom({
      middleware_pipeline: {
        zeta: { middleware: mark('a') },
        alpha: { middleware: mark('b') },
        routing: { middleware: routing },
      },
      routes: [hello],
    });
    expect(await trailOf(list, '/hello')).toBe('a,b');
    expect(await trailOf(object, '/hello')).toBe('a,b');
  });

  it('orders object entries by priority too', async () => {
    const app = appFrom({
      middleware_pipeline: {
        late: { middleware: mark('late'), priority: -1 },
        early: { middleware: mark('early'), priority: 3 },
        routing: { middleware: routing },
      },
    });
    expect(await trailOf(app, '/anything')).toBe('early,late');
  });

  it('limits an entry with a path to that literal prefix, seen without the prefix', async () => {
    const seen: string[] = [];
    const spy = (request: ServerRequest, handler: RequestHandler) => {
      seen.push(`${request.basePath}|${request.path}`);
      return handler.handle(request);
    };
    const app = appFrom({
      middleware_pipeline: [{ path: '/admin', middleware: [mark('admin'), spy] }, { middleware: routing }],
      routes: [
        { path: '/admin/users', middleware: answer('users') },
        { path: '/administrators', middleware: answer('administrators') },
      ],
    });
    const users = await call(app, '/admin/users');
    expect(await users.text()).toBe('users');
    expect(users.headers.get('x-trail')).toBe('admin');
    expect(await trailOf(app, '/admin')).toBe('admin');
    expect(await trailOf(app, '/administrators')).toBeNull();
    expect(seen).toEqual(['/admin|/users', '/admin|/']);
  });

  it('composes nested arrays into nested pipes, constants included', async () => {
    const app = appFrom({
      middleware_pipeline: [
        { middleware: [mark('outer'), [mark('inner-1'), [mark('inner-2')]], ROUTING_MIDDLEWARE] },
        { middleware: [[mark('deep'), [DISPATCH_MIDDLEWARE]]] },
      ],
      routes: [hello],
    });
    const response = await call(app, '/hello');
    expect(await response.text()).toBe('hello');
    expect(response.headers.get('x-trail')).toBe('outer,inner-1,inner-2,deep+');
  });

  it('accepts middleware objects, handler objects and classes', async () => {
    class Stamp {
      async process(request: ServerRequest, handler: RequestHandler) {
        return mark('class')(request, handler);
      }
    }
    const app = appFrom({
      middleware_pipeline: [
        { middleware: { process: mark('object') } },
        { middleware: Stamp },
        { middleware: { handle: () => new TextResponse('handled') } },
      ],
    });
    const response = await call(app, '/');
    expect(await response.text()).toBe('handled');
    expect(response.headers.get('x-trail')).toBe('object,class');
  });

  it('pipes routing then dispatch when middleware_pipeline is absent and routes are configured', async () => {
    const app = appFrom({ routes: [hello] });
    expect(await (await call(app, '/hello')).text()).toBe('hello');
    expect((await call(app, '/hello', { method: 'POST' })).status).toBe(200);
    expect((await call(app, '/other')).status).toBe(404);
  });

  it('pipes nothing for an empty middleware_pipeline: with routes, check() and checkBeforeRun() find the error', async () => {
    const unrouted = appFrom({ middleware_pipeline: [], routes: [hello] });
    const noRouting =
      'The application has 1 route but no routing middleware, so every request would answer 404. Call ' +
      'app.pipeRoutingMiddleware() and then app.pipeDispatchMiddleware() (in config: ROUTING_MIDDLEWARE ' +
      'then DISPATCH_MIDDLEWARE in middleware_pipeline).';
    expect(unrouted.check()).toEqual([
      { code: 'FRAMEWORK_ERR_APP_ROUTING_NOT_PIPED', severity: 'error', message: noRouting },
    ]);
    expect(() => unrouted.checkBeforeRun()).toThrow(noRouting);
    expect((await call(unrouted, '/hello')).status).toBe(404);
  });

  it('builds an application that answers 404 from an empty config or no config service', async () => {
    expect((await call(appFrom({}), '/')).status).toBe(404);
    const container = new SimpleContainer().setService(ROUTER_SERVICE, new FindMyWayRouter());
    expect((await call(new ApplicationFactory().create(container), '/')).status).toBe(404);
  });
});
