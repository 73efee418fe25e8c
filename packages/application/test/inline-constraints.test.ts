import { describe, expect, test } from '@jest/globals';
import { ExplicitMethodsRouter } from '@framework/router-explicit-methods';
import { FindMyWayRouter } from '@framework/router-fmw';
import { PathToRegexpRouter } from '@framework/router-ptr';
import { RouteResult, type MatchInput, type Router } from '@framework/router-contract';
import { Application, TextResponse } from '../src';
import { call } from './support/app';

function appOn(router: Router): Application {
  const app = new Application(router, { onError: () => undefined });
  app.pipeRoutingMiddleware();
  app.pipeDispatchMiddleware();
  app.get('/notes/{id:\\d+}', (request) => new TextResponse(`note ${request.params.id}`));
  return app;
}

describe.each([
  ['FindMyWayRouter', () => new FindMyWayRouter()],
  ['PathToRegexpRouter', () => new PathToRegexpRouter()],
  ['ExplicitMethodsRouter', () => new ExplicitMethodsRouter()],
])('%s: /notes/{id:\\d+}', (_name, createRouter) => {
  test('GET /notes/42 reaches the route, GET /notes/abc answers 404', async () => {
    const app = appOn(createRouter());
    const found = await call(app, '/notes/42');
    expect([found.status, await found.text()]).toEqual([200, 'note 42']);
    expect((await call(app, '/notes/abc')).status).toBe(404);
  });
});

/** An adapter written for the first contract: it knows nothing of inline constraints. */
class FirstContractRouter implements Router {
  addRoute(): void {}
  match(_request: MatchInput): RouteResult {
    return RouteResult.fromRouteFailure(null);
  }
  generateUri(): string {
    return '/';
  }
}

describe('a router that does not declare inline constraints', () => {
  test('refuses a route holding one when it is registered, and keeps no trace of it', () => {
    const app = new Application(new FirstContractRouter());
    expect(() => app.get('/notes/{id:\\d+}', () => new TextResponse('note'))).toThrow(
      expect.objectContaining({
        code: 'FRAMEWORK_ERR_ROUTER_UNSUPPORTED_SYNTAX',
        message: expect.stringContaining(
          'placeholder {id} has an inline constraint, which FirstContractRouter does not declare support for',
        ),
      }),
    );
    app.get('/notes/{id}', () => new TextResponse('note')).setOptions({ tokens: { id: '\\d+' } });
  });
});
