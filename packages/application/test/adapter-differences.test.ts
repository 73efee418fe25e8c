import { describe, expect, test } from '@jest/globals';
import { ExplicitMethodsRouter } from '@framework/router-explicit-methods';
import { FindMyWayRouter } from '@framework/router-fmw';
import { PathToRegexpRouter } from '@framework/router-ptr';
import type { Router } from '@framework/router-contract';
import { Application, TextResponse } from '../src';
import { call } from './support/app';

// What the guide states under "Where adapters differ by design" (docs/reference/application/routes.md), checked on the three adapters.

function appOn(router: Router): Application {
  const app = new Application(router, { onError: () => undefined });
  app.pipeRoutingMiddleware();
  app.pipeDispatchMiddleware();
  app.route('/none', () => new TextResponse('none'), []);
  app.route('/any', () => new TextResponse('any'));
  app.get('/n/{id}', () => new TextResponse('number')).setOptions({ tokens: { id: '\\d+' } });
  return app;
}

async function answer(app: Application, path: string, method: string): Promise<[number, string | null]> {
  const response = await call(app, path, { method });
  return [response.status, response.headers.get('allow')];
}

describe.each([
  ['FindMyWayRouter', () => new FindMyWayRouter()],
  ['PathToRegexpRouter', () => new PathToRegexpRouter()],
])('%s: methods as listed', (_name, createRouter) => {
  test('a route with [] answers only HEAD and OPTIONS: GET is a 405', async () => {
    const app = appOn(createRouter());
    expect(await answer(app, '/none', 'GET')).toEqual([405, 'HEAD, OPTIONS']);
    expect(await answer(app, '/none', 'OPTIONS')).toEqual([200, 'HEAD, OPTIONS']);
  });

  test('a route without a method list answers any method, custom ones too', async () => {
    const app = appOn(createRouter());
    expect((await answer(app, '/any', 'PURGE'))[0]).toBe(200);
    expect((await answer(app, '/any', 'X-CUSTOM'))[0]).toBe(200);
  });
});

describe('ExplicitMethodsRouter: every method listed (spec 4.3.2, 4.3.4)', () => {
  test('a route with [] answers GET, HEAD and OPTIONS', async () => {
    const app = appOn(new ExplicitMethodsRouter());
    expect(await answer(app, '/none', 'GET')).toEqual([200, null]);
    expect((await answer(app, '/none', 'POST'))[0]).toBe(405);
  });

  test('a route without a method list answers only the eight explicit methods', async () => {
    const app = appOn(new ExplicitMethodsRouter());
    expect((await answer(app, '/any', 'PATCH'))[0]).toBe(200);
    expect(await answer(app, '/any', 'PURGE')).toEqual([
      405,
      'HEAD, OPTIONS, GET, POST, PATCH, PUT, TRACE, DELETE',
    ]);
  });
});

describe.each([
  ['FindMyWayRouter', () => new FindMyWayRouter()],
  ['PathToRegexpRouter', () => new PathToRegexpRouter()],
  ['ExplicitMethodsRouter', () => new ExplicitMethodsRouter()],
])('%s: what every adapter shares', (_name, createRouter) => {
  test('tokens constrain a placeholder', async () => {
    const app = appOn(createRouter());
    expect((await answer(app, '/n/12', 'GET'))[0]).toBe(200);
    expect((await answer(app, '/n/ab', 'GET'))[0]).toBe(404);
  });
});
