import assert from 'node:assert/strict';
import { defineGroup, type ContractGroup } from './contract-group';
import { EXPLICIT_METHODS } from '../methods';
import {
  anyMethodList,
  emptyListMethods,
  expectMethodFailure,
  expectSuccess,
  handler,
  match,
  route,
  routerWith,
} from './helpers';
import { Route } from '../route';
import type { ContractContext } from './options';

const SHORTHAND_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Which methods a route answers: one listed method, none listed, several, an empty list. */
export function routingRulesCases(ctx: ContractContext): ContractGroup {
  return defineGroup('routing rules', (it) => {
    it.each(SHORTHAND_METHODS)('a %s route answers only its own method', (method) => {
      const only = route('/resource', [method]);
      const router = routerWith(ctx, only);
      expectSuccess(match(router, method, '/resource'), only);
      for (const other of SHORTHAND_METHODS.filter((each) => each !== method)) {
        expectMethodFailure(match(router, other, '/resource'), [method]);
      }
    });

    if (ctx.capabilities.explicitMethods) {
      it.each(EXPLICIT_METHODS)('a route without a method list answers %s', (method) => {
        const any = route('/any');
        expectSuccess(match(routerWith(ctx, any), method, '/any'), any);
      });

      it('a route without a method list is a method failure for PURGE, listing the eight methods', () => {
        const router = routerWith(ctx, route('/any'));
        expectMethodFailure(match(router, 'PURGE', '/any'), EXPLICIT_METHODS);
      });
    } else {
      it.each(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', 'PURGE', 'LINK'])(
        'a route without a method list answers %s',
        (method) => {
          const any = route('/any');
          expectSuccess(match(routerWith(ctx, any), method, '/any'), any);
        },
      );

      it('a route without a method list answers a custom method token', () => {
        const any = route('/any');
        expectSuccess(match(routerWith(ctx, any), 'X-CUSTOM', '/any'), any);
      });
    }

    it('a success on a route without a method list reports null allowed methods', () => {
      const any = route('/any');
      assert.equal(match(routerWith(ctx, any), 'GET', '/any').getAllowedMethods(), null);
    });

    it('a route with [GET, POST] answers GET and POST', () => {
      const listed = route('/post', ['GET', 'POST']);
      const router = routerWith(ctx, listed);
      expectSuccess(match(router, 'GET', '/post'), listed);
      expectSuccess(match(router, 'POST', '/post'), listed);
      assert.deepEqual(match(router, 'POST', '/post').getAllowedMethods(), ['GET', 'POST']);
    });

    it('a route with [GET, POST] is a method failure for PUT listing GET, POST', () => {
      const router = routerWith(ctx, route('/post', ['GET', 'POST']));
      expectMethodFailure(match(router, 'PUT', '/post'), ['GET', 'POST']);
    });

    it('method names given in lower case are matched upper-cased', () => {
      const lower = route('/post', ['get', 'post']);
      const router = routerWith(ctx, lower);
      expectSuccess(match(router, 'GET', '/post'), lower);
      expectMethodFailure(match(router, 'DELETE', '/post'), ['GET', 'POST']);
    });

    if (ctx.capabilities.explicitMethods) {
      it.each(['GET', 'HEAD', 'OPTIONS'])('a route with an empty list answers %s', (method) => {
        const none = route('/post', []);
        expectSuccess(match(routerWith(ctx, none), method, '/post'), none);
      });
    } else {
      it.each(['GET', 'HEAD', 'OPTIONS', 'POST'])(
        'a route with an empty list is a method failure for %s with no methods listed',
        (method) => {
          const result = match(routerWith(ctx, route('/post', [])), method, '/post');
          expectMethodFailure(result, []);
        },
      );
    }

    it('a route with an empty list is a method failure for DELETE', () => {
      const result = match(routerWith(ctx, route('/post', [])), 'DELETE', '/post');
      expectMethodFailure(result, emptyListMethods(ctx));
    });

    it('PUT, PATCH and DELETE on one path reach their own middleware', () => {
      const put = new Route('/post/{id}', handler('put'), ['PUT']);
      const patch = new Route('/post/{id}', handler('patch'), ['PATCH']);
      const del = new Route('/post/{id}', handler('delete'), ['DELETE']);
      const router = routerWith(ctx, put, patch, del);
      expectSuccess(match(router, 'PUT', '/post/1'), put, { id: '1' });
      expectSuccess(match(router, 'PATCH', '/post/2'), patch, { id: '2' });
      expectSuccess(match(router, 'DELETE', '/post/3'), del, { id: '3' });
      assert.equal(
        match(router, 'PATCH', '/post/2').getMatchedRoute()?.getMiddleware(),
        patch.getMiddleware(),
      );
    });

    it('a path registered per method is a method failure for the others, listing them in order', () => {
      const router = routerWith(
        ctx,
        route('/post/{id}', ['PUT']),
        route('/post/{id}', ['PATCH']),
        route('/post/{id}', ['DELETE']),
      );
      expectMethodFailure(match(router, 'GET', '/post/1'), ['PUT', 'PATCH', 'DELETE']);
    });

    it('a route without a method list next to a listed route on another path keeps both', () => {
      const any = route('/any');
      const listed = route('/listed', ['GET']);
      const router = routerWith(ctx, any, listed);
      expectSuccess(match(router, 'GET', '/any'), any);
      expectMethodFailure(match(router, 'POST', '/listed'), ['GET']);
      const expected = anyMethodList(ctx);
      if (expected !== null) expectMethodFailure(match(router, 'PURGE', '/any'), expected);
      else expectSuccess(match(router, 'PURGE', '/any'), any);
    });
  });
}
