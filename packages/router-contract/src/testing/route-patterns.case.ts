import assert from 'node:assert/strict';
import { defineGroup, type ContractGroup } from './contract-group';
import { Route } from '../route';
import {
  emptyListMethods,
  expectMethodFailure,
  expectPlainFailure,
  expectSuccess,
  handler,
  match,
  routerWith,
} from './helpers';
import type { ContractContext } from './options';

/** A small blog's routes (one path under several method lists), registered together as an application would. */
export function routePatternsCases(ctx: ContractContext): ContractGroup {
  return defineGroup('route patterns', (it) => {
    const build = () => {
      const trackback = new Route('/trackback', 'TrackbackHandler', ['POST']);
      const put = new Route('/post/{id}', handler('replace post'), ['PUT']);
      const patch = new Route('/post/{id}', handler('update post'), ['PATCH']);
      const del = new Route('/post/{id}', handler('delete post'), ['DELETE']);
      const list = new Route('/post', handler('post list'), ['GET', 'POST']);
      const router = routerWith(ctx, trackback, put, patch, del, list);
      return { router, trackback, put, patch, del, list };
    };

    it('POST /trackback reaches middleware given as a service name', () => {
      const { router, trackback } = build();
      const result = match(router, 'POST', '/trackback');
      expectSuccess(result, trackback);
      assert.equal(result.getMatchedRoute()?.getMiddleware(), 'TrackbackHandler');
      assert.equal(result.getMatchedRouteName(), '/trackback^POST');
    });

    it('GET /trackback is a method failure listing POST', () => {
      expectMethodFailure(match(build().router, 'GET', '/trackback'), ['POST']);
    });

    it('PUT, PATCH and DELETE /post/{id} reach different middleware', () => {
      const { router, put, patch, del } = build();
      expectSuccess(match(router, 'PUT', '/post/7'), put, { id: '7' });
      expectSuccess(match(router, 'PATCH', '/post/7'), patch, { id: '7' });
      expectSuccess(match(router, 'DELETE', '/post/7'), del, { id: '7' });
      const middleware = new Set(
        ['PUT', 'PATCH', 'DELETE'].map((m) => match(router, m, '/post/7').getMatchedRoute()?.getMiddleware()),
      );
      assert.equal(middleware.size, 3);
    });

    it('GET /post/{id} is a method failure listing PUT, PATCH, DELETE', () => {
      expectMethodFailure(match(build().router, 'GET', '/post/7'), ['PUT', 'PATCH', 'DELETE']);
    });

    it('GET and POST /post reach the listed route; PUT lists GET, POST', () => {
      const { router, list } = build();
      expectSuccess(match(router, 'GET', '/post'), list);
      expectSuccess(match(router, 'POST', '/post'), list);
      expectMethodFailure(match(router, 'PUT', '/post'), ['GET', 'POST']);
    });

    it('a path none of the patterns covers is a plain failure', () => {
      const { router } = build();
      expectPlainFailure(match(router, 'GET', '/posts'));
      expectPlainFailure(match(router, 'PUT', '/post/7/comments'));
    });

    it('route() without a method list on /post/{id} answers GET with the id', () => {
      const any = new Route('/post/{id}', handler('any'));
      expectSuccess(match(routerWith(ctx, any), 'GET', '/post/42'), any, { id: '42' });
      assert.equal(any.getName(), '/post/{id}');
    });

    it('route() with an empty list on /post answers POST with a method failure', () => {
      const none = new Route('/post', handler('none'), []);
      expectMethodFailure(match(routerWith(ctx, none), 'POST', '/post'), emptyListMethods(ctx));
      assert.equal(none.getName(), '/post^');
    });
  });
}
