import assert from 'node:assert/strict';
import { defineGroup, type ContractGroup } from './contract-group';
import { expectMethodFailure, expectPlainFailure, expectSuccess, match, route, routerWith } from './helpers';
import type { ContractContext } from './options';

/** `addRoute` only stores: the table is built at the first `match`/`generateUri` after a change. */
export function lazyCompileCases(ctx: ContractContext): ContractGroup {
  return defineGroup('lazy compile', (it) => {
    it('a route added after a match is matched', () => {
      const first = route('/first', ['GET']);
      const second = route('/second', ['GET']);
      const router = routerWith(ctx, first);
      expectSuccess(match(router, 'GET', '/first'), first);
      expectPlainFailure(match(router, 'GET', '/second'));
      router.addRoute(second);
      expectSuccess(match(router, 'GET', '/second'), second);
      expectSuccess(match(router, 'GET', '/first'), first);
    });

    it('a method added on a known path after a match is listed', () => {
      const get = route('/p', ['GET']);
      const router = routerWith(ctx, get);
      expectMethodFailure(match(router, 'POST', '/p'), ['GET']);
      const post = route('/p', ['POST']);
      router.addRoute(post);
      expectSuccess(match(router, 'POST', '/p'), post);
      expectMethodFailure(match(router, 'PUT', '/p'), ['GET', 'POST']);
    });

    it('a route added after generateUri can be generated', () => {
      const router = routerWith(ctx, route('/a', ['GET']));
      assert.equal(router.generateUri('/a^GET'), '/a');
      router.addRoute(route('/b/{id}', ['GET']));
      assert.equal(router.generateUri('/b/{id}^GET', { id: 1 }), '/b/1');
    });

    it('a static route added after a placeholder route was matched still wins', () => {
      const placeholder = route('/post/{id}', ['GET']);
      const router = routerWith(ctx, placeholder);
      expectSuccess(match(router, 'GET', '/post/new'), placeholder, { id: 'new' });
      const literal = route('/post/new', ['GET']);
      router.addRoute(literal);
      expectSuccess(match(router, 'GET', '/post/new'), literal);
    });

    it('matching the same request twice gives equal results', () => {
      const post = route('/post/{id}', ['GET']);
      const router = routerWith(ctx, post);
      const once = match(router, 'GET', '/post/a%20b');
      const twice = match(router, 'GET', '/post/a%20b');
      assert.deepEqual({ ...twice.getMatchedParams() }, { ...once.getMatchedParams() });
      assert.equal(twice.getMatchedRoute(), once.getMatchedRoute());
    });
  });
}
