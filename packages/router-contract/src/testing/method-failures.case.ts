import assert from 'node:assert/strict';
import { defineGroup, type ContractGroup } from './contract-group';
import { expectMethodFailure, expectPlainFailure, expectSuccess, match, route, routerWith } from './helpers';
import type { ContractContext } from './options';

/** What a router answers when the path exists but not for the request method, or not at all. */
export function methodFailureCases(ctx: ContractContext): ContractGroup {
  return defineGroup('method failures', (it) => {
    it('lists every allowed method across several routes on one path, in registration order', () => {
      const router = routerWith(
        ctx,
        route('/m', ['PUT']),
        route('/m', ['GET', 'POST']),
        route('/m', ['DELETE']),
      );
      expectMethodFailure(match(router, 'PATCH', '/m'), ['PUT', 'GET', 'POST', 'DELETE']);
    });

    it('keeps the order of the method list as written', () => {
      const router = routerWith(ctx, route('/m', ['POST', 'GET']));
      expectMethodFailure(match(router, 'PUT', '/m'), ['POST', 'GET']);
    });

    it('lists the methods of routes with other templates that match the path, without repeats', () => {
      const router = routerWith(ctx, route('/m/{id}', ['GET', 'PUT']), route('/m/new', ['PUT', 'POST']));
      expectMethodFailure(match(router, 'DELETE', '/m/new'), ['GET', 'PUT', 'POST']);
      expectMethodFailure(match(router, 'DELETE', '/m/12'), ['GET', 'PUT']);
    });

    it('does not list methods of routes on other paths', () => {
      const router = routerWith(ctx, route('/a', ['GET']), route('/b', ['POST']), route('/a/{x}', ['PATCH']));
      expectMethodFailure(match(router, 'PUT', '/a'), ['GET']);
    });

    it('an unknown path is a plain failure with null allowed methods', () => {
      const router = routerWith(ctx, route('/known', ['GET']));
      const result = match(router, 'GET', '/unknown');
      expectPlainFailure(result);
      assert.equal(result.getMatchedRouteName(), undefined);
    });

    it('an empty router answers a plain failure', () => {
      expectPlainFailure(match(ctx.createRouter(), 'GET', '/'));
    });

    it('HEAD on a route that lists only GET is a method failure listing GET', () => {
      const router = routerWith(ctx, route('/page', ['GET']));
      expectMethodFailure(match(router, 'HEAD', '/page'), ['GET']);
    });

    it('OPTIONS on a route that lists only GET, POST is a method failure listing them', () => {
      const router = routerWith(ctx, route('/page', ['GET', 'POST']));
      expectMethodFailure(match(router, 'OPTIONS', '/page'), ['GET', 'POST']);
    });

    it('HEAD and OPTIONS succeed on a route that lists them', () => {
      const listed = route('/page', ['GET', 'HEAD', 'OPTIONS']);
      const router = routerWith(ctx, listed);
      expectSuccess(match(router, 'HEAD', '/page'), listed);
      expectSuccess(match(router, 'OPTIONS', '/page'), listed);
    });

    it('a method failure result is frozen and carries no params', () => {
      const router = routerWith(ctx, route('/p/{id}', ['GET']));
      const result = match(router, 'POST', '/p/1');
      expectMethodFailure(result, ['GET']);
      assert.deepEqual(Object.keys(result.getMatchedParams()), []);
      assert.equal(Object.isFrozen(result.getAllowedMethods()), true);
    });

    it('a placeholder route for another method answers where a literal route lists other methods', () => {
      const literal = route('/post/new', ['GET']);
      const placeholder = route('/post/{id}', ['DELETE']);
      const router = routerWith(ctx, literal, placeholder);
      expectSuccess(match(router, 'DELETE', '/post/new'), placeholder, { id: 'new' });
      expectSuccess(match(router, 'GET', '/post/new'), literal);
      expectMethodFailure(match(router, 'PUT', '/post/new'), ['GET', 'DELETE']);
      expectMethodFailure(match(router, 'GET', '/post/12'), ['DELETE']);
    });
  });
}
