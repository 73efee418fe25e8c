import { describe, expect, test } from '@jest/globals';
import { ExplicitMethodsRouter } from '@framework/router-explicit-methods';
import { FindMyWayRouter } from '@framework/router-fmw';
import { PathToRegexpRouter } from '@framework/router-ptr';
import type { Router } from '@framework/router-contract';
import { Application, ApplicationError, TextResponse } from '../src';
import { call } from './support/app';

const ADAPTERS: ReadonlyArray<[string, () => Router]> = [
  ['find-my-way', () => new FindMyWayRouter()],
  ['path-to-regexp', () => new PathToRegexpRouter()],
  ['explicit methods', () => new ExplicitMethodsRouter()],
];

describe.each(ADAPTERS)('text outside ASCII in a route template (%s)', (_name, createRouter) => {
  function appWithCafe(): Application {
    const app = new Application(createRouter(), { onError: () => undefined });
    app.pipeRoutingMiddleware();
    app.pipeDispatchMiddleware();
    app.get('/café/{dish}', (request) => new TextResponse(`dish ${request.params.dish}`), 'dish');
    return app;
  }

  test('matches the path a client sends, percent-encoded', async () => {
    const app = appWithCafe();
    // `fetch` encodes the path: the request reaches the router as /caf%C3%A9/cr%C3%A8me.
    const response = await call(app, '/café/crème');
    expect([response.status, await response.text()]).toEqual([200, 'dish crème']);
    expect((await call(app, '/caf%C3%A9/soupe')).status).toBe(200);
  });

  test('generateUri gives the encoded form, which matches back', async () => {
    const app = appWithCafe();
    const uri = app.generateUri('dish', { dish: 'crème' });
    expect(uri).toBe('/caf%C3%A9/cr%C3%A8me');
    expect(await (await call(app, uri)).text()).toBe('dish crème');
  });

  test('the written and the encoded template are the same route: a duplicate', () => {
    const app = appWithCafe();
    expect(() => app.get('/caf%C3%A9/{dish}', () => new TextResponse('x'))).toThrow(ApplicationError);
  });
});
