import { describe, expect, test } from '@jest/globals';
import {
  type AddedToRequest,
  type AddsToRequest,
  JsonResponse,
  type Middleware,
  type RequestHandler,
  type RouteRequest,
  type ServerMiddleware,
  type ServerRequest,
  TextResponse,
} from '../src';
import { call, createApp } from './support/app';

describe('typed route params', () => {
  test('params are typed from the path template', async () => {
    const app = createApp();
    app.get('/post/{id}/comment/{commentId}', (request) => {
      const id: string = request.params.id;
      const commentId: string = request.params.commentId;
      // @ts-expect-error: the template has no {slug}
      void request.params.slug;
      return new JsonResponse({ id, commentId });
    });
    app.get('/plain', (request: ServerRequest) => new JsonResponse(request.params));
    expect(await (await call(app, '/post/1/comment/2')).json()).toEqual({ id: '1', commentId: '2' });
    expect(await (await call(app, '/plain')).json()).toEqual({});
  });

  test('an inline constraint is not part of the param name', async () => {
    const app = createApp();
    app.get('/notes/{id:\\d+}', (request) => {
      const id: string = request.params.id;
      // @ts-expect-error: the name is id, not ID
      void request.params.ID;
      return new JsonResponse({ id });
    });
    app.get('/codes/{code:[a-z]{2}-\\d{2,4}}/{page}', (request) => {
      // @ts-expect-error: braces inside the constraint do not open a placeholder
      void request.params['2,4'];
      return new JsonResponse({ code: request.params.code, page: request.params.page });
    });
    expect(await (await call(app, '/notes/42')).json()).toEqual({ id: '42' });
    expect((await call(app, '/notes/abc')).status).toBe(404);
    expect(await (await call(app, '/codes/ab-123/2')).json()).toEqual({ code: 'ab-123', page: '2' });
  });
});

// The `@ts-expect-error` lines are checked by the typecheck task: each must stay a compile error.

/** Middleware that hands the rest of the list a request carrying `user` (a real property). */
class LoadUser implements ServerMiddleware, AddsToRequest<{ readonly user: string }> {
  declare readonly '~addsToRequest'?: { readonly user: string };

  process(request: ServerRequest, handler: RequestHandler) {
    return handler.handle(Object.assign(request.withAttribute('seen', true), { user: 'ada' }));
  }
}

const passThrough: ServerMiddleware = { process: (request, handler) => handler.handle(request) };

describe("typed route params inside a route's middleware list", () => {
  test('every function of the list reads the params of the template', async () => {
    const app = createApp();
    app.get('/notes/{id:\\d+}', [
      passThrough,
      (request, handler) => {
        // @ts-expect-error: the name is id, not ID, in a middleware list too
        void request.params.ID;
        return request.params.id === '0'
          ? new TextResponse('none', { status: 404 })
          : handler.handle(request);
      },
      [(request) => new JsonResponse({ id: request.params.id })],
    ]);
    app.get('/tags/{tag}', [
      (request, handler) => handler.handle(request),
      // @ts-expect-error: the template has no {id}, whatever the position in the list
      (request) => new JsonResponse({ id: request.params.id }),
    ]);
    expect(await (await call(app, '/notes/7')).json()).toEqual({ id: '7' });
    expect((await call(app, '/notes/0')).status).toBe(404);
    expect(await (await call(app, '/tags/x')).json()).toEqual({});
  });

  test('a list of middleware typed elsewhere still fits any route', async () => {
    const shared: readonly Middleware[] = [passThrough];
    const app = createApp();
    app.get('/a/{slug}', shared);
    app.get('/b/{slug}', [...shared, (request) => new TextResponse(request.params.slug)]);
    expect((await call(app, '/a/x')).status).toBe(404);
    expect(await (await call(app, '/b/x')).text()).toBe('x');
  });

  test('an entry after middleware that adds to the request reads it, typed; one before it does not', async () => {
    const app = createApp();
    app.get('/users/{id}', [
      (request, handler) => {
        // @ts-expect-error: LoadUser has not run yet
        void request.user;
        return handler.handle(request);
      },
      new LoadUser(),
      passThrough,
      (request) => {
        const user: string = request.user;
        // @ts-expect-error: user is a string
        const count: number = request.user;
        void count;
        return new JsonResponse({ user, id: request.params.id });
      },
    ]);
    expect(await (await call(app, '/users/3')).json()).toEqual({ user: 'ada', id: '3' });
  });

  test('a handler written outside the list names what it needs, and a route without it does not compile', async () => {
    const showUser = (request: RouteRequest<'/users/{id}'> & AddedToRequest<LoadUser>) =>
      new JsonResponse({ user: request.user, id: request.params.id });
    const app = createApp();
    app.get('/users/{id}', [new LoadUser(), showUser]);
    // @ts-expect-error: nothing before showUser adds `user`
    app.get('/people/{id}', [passThrough, showUser]);
    // @ts-expect-error: the route has no {id}
    app.get('/staff/{slug}', [new LoadUser(), showUser]);
    expect(await (await call(app, '/users/4')).json()).toEqual({ user: 'ada', id: '4' });
  });
});
