import { describe, expect, test } from '@jest/globals';
import { FindMyWayRouter } from '@framework/router-fmw';
import { Route } from '@framework/router-contract';
import {
  AppFactory,
  Application,
  ApplicationFactory,
  ErrorHandlerMiddleware,
  HttpError,
  lazyMiddleware,
  MiddlewarePipe,
  SimpleContainer,
  TextResponse,
} from '../src';

/** What a JavaScript caller, a cast or a type-stripping runner can pass. */
function loose<T>(value: Record<string, unknown>): T {
  return value as T;
}

function refusal(message: string) {
  return expect.objectContaining({ code: 'FRAMEWORK_ERR_APP_UNKNOWN_OPTION', status: 500, message });
}

function app(): Application {
  return new Application(new FindMyWayRouter(), { development: false, onError: () => undefined });
}

describe('option objects refuse keys they do not read, naming the key and the likely one', () => {
  test('new Application, AppFactory.create and new ApplicationFactory', () => {
    expect(() => new Application(new FindMyWayRouter(), loose({ develoment: true }))).toThrow(
      refusal('Unknown option "develoment" of the application: did you mean "development"?'),
    );
    expect(() => AppFactory.create(undefined, new FindMyWayRouter(), loose({ bodylimit: 10 }))).toThrow(
      refusal('Unknown option "bodylimit" of the application: did you mean "bodyLimit"?'),
    );
    expect(() => new ApplicationFactory(loose({ startupCheck: false }))).toThrow(
      refusal('Unknown option "startupCheck" of new ApplicationFactory(): did you mean "startupChecks"?'),
    );
  });

  test('a key far from every option lists the options read', () => {
    expect(() => new ApplicationFactory(loose({ container: new SimpleContainer() }))).toThrow(
      refusal(
        'Unknown option "container" of new ApplicationFactory(): it reads "variant", "development", "bodyLimit", ' +
          '"onError", "trustProxy", "startupChecks", "implicitRouting".',
      ),
    );
  });

  test('setOptions() on a registered route refuses a typo, and the route is not served until it is fixed', async () => {
    const application = app();
    const route = application.get('/notes/{id}', () => new TextResponse('note'));
    expect(() => route.setOptions(loose({ token: { id: '\\d+' } }))).toThrow(
      refusal('Unknown option "token" of route "/notes/{id}^GET": did you mean "tokens"?'),
    );
    expect((await application.request('/notes/abc')).status).toBe(500);
    route.setOptions({ tokens: { id: '\\d+' } });
    expect((await application.request('/notes/abc')).status).toBe(404);
    expect((await application.request('/notes/12')).status).toBe(200);
  });

  test('a route built with a misspelt option is refused at registration and registers nothing', async () => {
    const application = app();
    const route = new Route('/a', () => new TextResponse('a'), ['GET']).setOptions(
      loose({ allowUnsafeRegexp: true }),
    );
    expect(() => application.route(route)).toThrow(
      refusal('Unknown option "allowUnsafeRegexp" of route "/a^GET": did you mean "allowUnsafeRegex"?'),
    );
    expect(application.check()).toEqual([]);
    expect((await application.request('/a')).status).toBe(404);
  });

  test("a route option far from the contract's is an adapter's own and passes", () => {
    const route = app().get('/a', () => new TextResponse('a'));
    expect(() => route.setOptions(loose({ cacheTag: 'a' }))).not.toThrow();
    expect(route.getOptions()).toEqual({ cacheTag: 'a' });
  });

  test('check() and checkBeforeRun()', () => {
    expect(() => app().check(loose({ level: 'error' }))).toThrow(
      refusal('Unknown option "level" of check(): it reads "throwOn".'),
    );
    expect(() => app().check(loose({ throwon: 'error' }))).toThrow(
      refusal('Unknown option "throwon" of check(): did you mean "throwOn"?'),
    );
    expect(() => app().checkBeforeRun(undefined, loose({ warning: false }))).toThrow(
      refusal('Unknown option "warning" of checkBeforeRun(): did you mean "warnings"?'),
    );
  });

  test('fetchWith() facts', async () => {
    const request = new Request('http://localhost/');
    expect(() => app().fetchWith(request, loose({ clientAdress: '203.0.113.9' }))).toThrow(
      refusal('Unknown option "clientAdress" of fetchWith(): did you mean "clientAddress"?'),
    );
    expect((await app().fetchWith(request, { clientAddress: '203.0.113.9' })).status).toBe(404);
  });

  test('ErrorHandlerMiddleware, MiddlewarePipe, lazyMiddleware() and HttpError', () => {
    expect(() => new ErrorHandlerMiddleware(loose({ onerror: () => undefined }))).toThrow(
      refusal('Unknown option "onerror" of new ErrorHandlerMiddleware(): did you mean "onError"?'),
    );
    expect(() => new MiddlewarePipe(loose({ notfound: undefined }))).toThrow(
      refusal('Unknown option "notfound" of new MiddlewarePipe(): did you mean "notFound"?'),
    );
    expect(() => lazyMiddleware(new SimpleContainer(), 'a', loose({ errors: true }))).toThrow(
      refusal('Unknown option "errors" of lazyMiddleware(): did you mean "error"?'),
    );
    expect(() => new HttpError(401, 'who?', loose({ header: { 'www-authenticate': 'Bearer' } }))).toThrow(
      refusal('Unknown option "header" of new HttpError(): did you mean "headers"?'),
    );
  });

  test('request.json() and request.form() answer 500 on a misspelt option, naming it to onError', async () => {
    const reported: string[] = [];
    const application = new Application(new FindMyWayRouter(), {
      development: false,
      onError: (error) => reported.push((error as Error).message),
    });
    application.post(
      '/json',
      async (request) => new TextResponse(String(await request.json(loose({ maxdepth: 2 })))),
    );
    application.post(
      '/form',
      async (request) => new TextResponse(String(await request.form(loose({ maxField: 2 })))),
    );
    const json = await application.request('/json', {
      method: 'POST',
      body: '1',
      headers: { 'content-type': 'application/json' },
    });
    const form = await application.request('/form', { method: 'POST', body: new URLSearchParams('a=1') });
    expect([json.status, form.status]).toEqual([500, 500]);
    expect(reported).toEqual([
      'Unknown option "maxdepth" of request.json(): did you mean "maxDepth"?',
      'Unknown option "maxField" of request.form(): did you mean "maxFields"?',
    ]);
  });

  test('the options the types allow are all accepted', () => {
    expect(
      () =>
        new Application(new FindMyWayRouter(), {
          container: new SimpleContainer(),
          development: false,
          bodyLimit: 10,
          onError: () => undefined,
          trustProxy: 1,
          startupChecks: false,
          implicitRouting: false,
        }),
    ).not.toThrow();
    expect(() => app().check({ throwOn: 'error' })).not.toThrow();
    expect(() => new HttpError(401, 'x', { expose: true, headers: {}, cause: 1 })).not.toThrow();
  });
});
