import { describe, expect, test } from '@jest/globals';
import { FindMyWayRouter } from '@framework/router-fmw';
import type { PathParams } from '@framework/router-contract';
import {
  AppFactory,
  JsonResponse,
  type RequestHandler,
  type RouteHandler,
  type RouteRequest,
  type ServerRequest,
  SimpleContainer,
  TextResponse,
} from '../src';
import { call, createApp } from './support/app';

// The `@ts-expect-error` lines are checked by the typecheck task: each must stay a compile error.

type UserParams = PathParams<'/users/{id}'>;

class ShowUser {
  handle(request: ServerRequest<UserParams>) {
    return new JsonResponse({ id: request.params.id });
  }
}

class LoadUser {
  process(request: ServerRequest<UserParams>, handler: RequestHandler) {
    return request.params.id === '0'
      ? new TextResponse('no user 0', { status: 404 })
      : handler.handle(request);
  }
}

/** The documented form: `implements RouteHandler<...>` names the params the class expects. */
class ShowUserTyped implements RouteHandler<UserParams> {
  readonly handle = (request: ServerRequest<UserParams>) => new JsonResponse({ typed: request.params.id });
}

describe('class and object handlers are checked against the route params', () => {
  test('a handler class, a handler object and a middleware object fit a route with their params', async () => {
    const app = createApp();
    app.get('/users/{id}', new ShowUser());
    app.get('/users/{id}/again', ShowUser);
    app.get('/users/{id}/{tab}', [new LoadUser(), new ShowUser()]);
    app.get('/users/{id}/typed', new ShowUserTyped());
    app.get('/people/{slug}', { handle: (request) => new JsonResponse({ slug: request.params.slug }) });
    expect(await (await call(app, '/users/7')).json()).toEqual({ id: '7' });
    expect(await (await call(app, '/users/8/again')).json()).toEqual({ id: '8' });
    expect(await (await call(app, '/users/9/posts')).json()).toEqual({ id: '9' });
    expect((await call(app, '/users/0/posts')).status).toBe(404);
    expect(await (await call(app, '/users/5/typed')).json()).toEqual({ typed: '5' });
    expect(await (await call(app, '/people/ada')).json()).toEqual({ slug: 'ada' });
  });

  test('a handler written for other params does not compile (and would read undefined)', async () => {
    const app = createApp();
    // @ts-expect-error Property 'id' is missing in type 'Readonly<Record<"slug", string>>'
    app.get('/users/{slug}', new ShowUser());
    // @ts-expect-error the class form is checked too
    app.get('/members/{slug}', ShowUser);
    // @ts-expect-error a middleware object's process() is checked too
    app.route('/accounts/{slug}', new LoadUser(), ['GET']);
    // @ts-expect-error the documented typed form
    app.get('/staff/{slug}', new ShowUserTyped());
    // @ts-expect-error the function form: Property 'id' is missing, not '"/posts/{slug}"' is not assignable to '"id"'
    app.get('/posts/{slug}', (request: ServerRequest<UserParams>) => new JsonResponse(request.params.id));
    expect(await (await call(app, '/users/ada')).json()).toEqual({});
  });
});

/** A class handler typed by its route's template in one name: `RouteRequest<Path>`. */
class ShowNote {
  handle(request: RouteRequest<'/notes/{id:\\d+}'>) {
    // @ts-expect-error: the name is id, not ID, in a class handler too
    void request.params.ID;
    return new JsonResponse({ note: request.params.id });
  }
}

describe('class handlers typed with RouteRequest', () => {
  test('read the params of their template and fit only routes that yield them', async () => {
    const app = createApp();
    app.get('/notes/{id:\\d+}', ShowNote);
    app.get('/books/{isbn}/notes/{id}', [new LoadUser(), new ShowNote()]);
    // @ts-expect-error: the route yields no {id}
    app.get('/notes/{slug}/text', new ShowNote());
    expect(await (await call(app, '/notes/12')).json()).toEqual({ note: '12' });
    expect(await (await call(app, '/books/1/notes/3')).json()).toEqual({ note: '3' });
  });
});

describe('handlers returning a promise they build', () => {
  test('`return new Promise((resolve) => …)` is a promise of a response, alone and last in a list', async () => {
    const app = createApp();
    app.get(
      '/later',
      () => new Promise((resolve) => setTimeout(() => resolve(new TextResponse('later')), 1)),
    );
    app.get('/later/{id}', [
      new LoadUser(),
      (request) => new Promise((resolve) => resolve(new JsonResponse({ id: request.params.id }))),
    ]);
    // @ts-expect-error: a promise of something that is not a response
    app.get('/not-an-answer', () => new Promise<string>((resolve) => resolve('text')));
    expect(await (await call(app, '/later')).text()).toBe('later');
    expect(await (await call(app, '/later/7')).json()).toEqual({ id: '7' });
  });
});

describe('typed route names for generateUri', () => {
  test('an application typed with its route names accepts those names only', async () => {
    const app = AppFactory.create<'user' | 'home'>(new SimpleContainer(), new FindMyWayRouter());
    app.pipeRoutingMiddleware();
    app.pipeDispatchMiddleware();
    app.get('/', () => new TextResponse('home'), 'home');
    app.get('/users/{id}', new ShowUser(), 'user');
    // @ts-expect-error "users" is not one of the route names
    expect(() => app.get('/u/{id}', new ShowUser(), 'users')).not.toThrow();
    expect(app.generateUri('user', { id: 3 })).toBe('/users/3');
    expect(app.generateUri('home')).toBe('/');
    // @ts-expect-error "usr" is not one of the route names; at run time an unknown name throws
    expect(() => app.generateUri('usr', { id: 3 })).toThrow('No route is named "usr".');
  });
});
