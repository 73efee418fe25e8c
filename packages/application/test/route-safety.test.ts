import { describe, expect, test } from '@jest/globals';
import { FindMyWayRouter } from '@framework/router-fmw';
import { PathToRegexpRouter } from '@framework/router-ptr';
import { Application, TextResponse } from '../src';
import { call, createApp } from './support/app';

const SHARED =
  'This router already belongs to another Application, whose routes it would answer. Give each application ' +
  'its own router.';

function routedApp(router = new FindMyWayRouter()): Application {
  const app = new Application(router, { onError: () => undefined });
  app.pipeRoutingMiddleware();
  app.pipeDispatchMiddleware();
  return app;
}

describe('one router per application', () => {
  test('a second application registering routes on the same router is refused, naming the fix', () => {
    const router = new FindMyWayRouter();
    const parent = routedApp(router);
    parent.get('/x', () => new TextResponse('parent'));
    const sub = routedApp(router);
    expect(() => sub.get('/y', () => new TextResponse('sub'))).toThrow(SHARED);
    expect(() => sub.get('/y', () => new TextResponse('sub'))).toThrow(
      expect.objectContaining({ code: 'FRAMEWORK_ERR_APP_ROUTER_SHARED' }) as never,
    );
  });

  test('mounting an application that uses the same router is refused, even before routes', () => {
    const router = new FindMyWayRouter();
    const parent = routedApp(router);
    const sub = routedApp(router);
    expect(() => parent.pipe('/sub', sub)).toThrow(SHARED);
    expect(() => parent.pipe(sub)).toThrow(SHARED);
  });

  test('applications with their own routers mount and keep their routes apart', async () => {
    const parent = routedApp();
    const sub = routedApp();
    parent.get('/x', () => new TextResponse('parent'));
    sub.get('/y', () => new TextResponse('sub'));
    parent.pipe('/sub', sub);
    expect(await (await call(parent, '/sub/y')).text()).toBe('sub');
    expect((await call(parent, '/y')).status).toBe(404);
    expect((await call(parent, '/sub/x')).status).toBe(404);
  });
});

describe('a failing setOptions() leaves no half-configured route', () => {
  test.each([
    ['find-my-way', () => new FindMyWayRouter()],
    ['path-to-regexp', () => new PathToRegexpRouter()],
  ])('%s: the route is not served until its options are fixed', async (_name, makeRouter) => {
    const reported: unknown[] = [];
    const app = new Application(makeRouter(), { onError: (error) => reported.push(error) });
    app.pipeRoutingMiddleware();
    app.pipeDispatchMiddleware();
    const route = app.get('/i/{id}', (request) => new TextResponse(`item ${request.params.id}`));
    expect(() => route.setOptions({ tokens: { id: '(' } })).toThrow();
    const refused = await call(app, '/i/abc');
    expect(refused.status).toBe(500);
    expect(await refused.text()).not.toContain('setOptions');
    expect(reported).toEqual([
      expect.objectContaining({
        code: 'FRAMEWORK_ERR_ROUTE_NOT_SERVED',
        message: expect.stringMatching(
          /^Route "\/i\/\{id\}\^GET" \(\/i\/\{id\}\) is not served: its setOptions\(\) failed \(.+\)\. Fix the options\.$/,
        ),
      }),
    ]);
    route.setOptions({ tokens: { id: '\\d+' } });
    expect((await call(app, '/i/abc')).status).toBe(404);
    expect(await (await call(app, '/i/12')).text()).toBe('item 12');
  });

  test('in development mode the answer says why', async () => {
    const app = createApp({ development: true });
    app.get('/i/{id}', () => new TextResponse('item')).setOptions({ tokens: { id: '\\d+' } });
    const route = app.get('/j/{id}', () => new TextResponse('j'));
    expect(() => route.setOptions({ tokens: { id: '(' } })).toThrow();
    const body = (await (await call(app, '/j/abc')).json()) as { code: string; detail: string };
    expect(body.code).toBe('FRAMEWORK_ERR_ROUTE_NOT_SERVED');
    expect(body.detail).toContain('Fix the options.');
    expect(await (await call(app, '/i/1')).text()).toBe('item');
  });
});
