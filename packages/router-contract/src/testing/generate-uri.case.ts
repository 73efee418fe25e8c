import assert from 'node:assert/strict';
import { defineGroup, type ContractGroup } from './contract-group';
import { Route } from '../route';
import { expectRouterError, handler, match, route, routerWith } from './helpers';
import type { ContractContext } from './options';

/** `Router.generateUri`: names, substitution, encoding and errors. */
export function generateUriCases(ctx: ContractContext): ContractGroup {
  return defineGroup('generateUri', (it) => {
    it('builds a static path by its default name', () => {
      const router = routerWith(
        ctx,
        route('/about'),
        route('/post', ['GET']),
        route('/post', ['PUT', 'PATCH']),
      );
      assert.equal(router.generateUri('/about'), '/about');
      assert.equal(router.generateUri('/post^GET'), '/post');
      assert.equal(router.generateUri('/post^PUT:PATCH'), '/post');
    });

    it('substitutes params by a name given to the route', () => {
      const router = routerWith(ctx, new Route('/post/{id}/comment/{cid}', handler('c'), ['GET'], 'comment'));
      assert.equal(router.generateUri('comment', { id: 12, cid: 'first' }), '/post/12/comment/first');
    });

    it('percent-encodes values', () => {
      const router = routerWith(ctx, new Route('/tag/{name}', handler('t'), ['GET'], 'tag'));
      assert.equal(router.generateUri('tag', { name: 'a b/c?d#e%' }), '/tag/a%20b%2Fc%3Fd%23e%25');
      assert.equal(router.generateUri('tag', { name: 'café' }), '/tag/caf%C3%A9');
    });

    it('refuses a value that would make a segment "." or "..", or holds a lone surrogate', () => {
      const router = routerWith(
        ctx,
        new Route('/files/{name}/raw', handler('f'), ['GET'], 'file'),
        new Route('/v{major}.{minor}', handler('v'), ['GET'], 'version'),
      );
      for (const name of ['.', '..']) {
        expectRouterError(
          () => router.generateUri('file', { name }),
          'FRAMEWORK_ERR_ROUTER_PARAM_MISMATCH',
          `Route "file": value "${name}" for {name} would make the segment "${name}", which a client resolves to another path.`,
        );
      }
      expectRouterError(
        () => router.generateUri('file', { name: 'a\uD800' }),
        'FRAMEWORK_ERR_ROUTER_PARAM_MISMATCH',
        'Route "file": value "a\\ud800" for {name} is not well-formed Unicode (a lone surrogate) and cannot be percent-encoded.',
      );
      assert.equal(router.generateUri('file', { name: '...' }), '/files/.../raw');
      assert.equal(router.generateUri('file', { name: '.env' }), '/files/.env/raw');
      assert.equal(router.generateUri('version', { major: 1, minor: 2 }), '/v1.2');
    });

    it('gives literal text outside ASCII percent-encoded, as it is matched', () => {
      const cafe = new Route('/café/{name}', handler('c'), ['GET'], 'cafe');
      const router = routerWith(ctx, cafe);
      const uri = router.generateUri('cafe', { name: 'crème' });
      assert.equal(uri, '/caf%C3%A9/cr%C3%A8me');
      assert.deepEqual({ ...match(router, 'GET', uri).getMatchedParams() }, { name: 'crème' });
    });

    it('a generated path matches back to the same params', () => {
      const tag = new Route('/tag/{name}/{page}', handler('t'), ['GET'], 'tag');
      const router = routerWith(ctx, tag);
      const uri = router.generateUri('tag', { name: 'a b/c', page: '100%' });
      assert.deepEqual({ ...match(router, 'GET', uri).getMatchedParams() }, { name: 'a b/c', page: '100%' });
    });

    it('fills a placeholder inside a segment', () => {
      const router = routerWith(ctx, new Route('/api/v{version}/me', handler('me'), ['GET'], 'me'));
      assert.equal(router.generateUri('me', { version: 2 }), '/api/v2/me');
    });

    it('fills two placeholders of one segment', () => {
      const router = routerWith(ctx, new Route('/range/{from}-{to}.{ext}', handler('r'), ['GET'], 'range'));
      assert.equal(router.generateUri('range', { from: 1, to: 'b c', ext: 'csv' }), '/range/1-b%20c.csv');
    });

    it('ignores params the template does not use', () => {
      const router = routerWith(ctx, new Route('/post/{id}', handler('p'), ['GET'], 'post'));
      assert.equal(router.generateUri('post', { id: '1', other: 'x' }), '/post/1');
    });

    it('names every missing param', () => {
      const router = routerWith(ctx, new Route('/post/{id}/comment/{cid}', handler('c'), ['GET'], 'comment'));
      expectRouterError(
        () => router.generateUri('comment', {}),
        'FRAMEWORK_ERR_ROUTER_MISSING_PARAMS',
        'Route "comment" needs a value for: id, cid.',
      );
      expectRouterError(
        () => router.generateUri('comment', { id: '1', cid: '' }),
        'FRAMEWORK_ERR_ROUTER_MISSING_PARAMS',
        'Route "comment" needs a value for: cid.',
      );
    });

    it('treats an omitted params object as empty', () => {
      const router = routerWith(ctx, new Route('/post/{id}', handler('p'), ['GET'], 'post'));
      expectRouterError(
        () => router.generateUri('post'),
        'FRAMEWORK_ERR_ROUTER_MISSING_PARAMS',
        'Route "post" needs a value for: id.',
      );
    });

    it('does not take inherited properties as params', () => {
      const router = routerWith(ctx, new Route('/r/{constructor}', handler('r'), ['GET'], 'reserved'));
      expectRouterError(
        () => router.generateUri('reserved', {}),
        'FRAMEWORK_ERR_ROUTER_MISSING_PARAMS',
        'Route "reserved" needs a value for: constructor.',
      );
      assert.equal(router.generateUri('reserved', { constructor: 'x' }), '/r/x');
    });

    it('an unknown route name is an error', () => {
      const router = routerWith(ctx, route('/about'));
      expectRouterError(
        () => router.generateUri('nope'),
        'FRAMEWORK_ERR_ROUTER_UNKNOWN_ROUTE',
        'No route is named "nope".',
      );
    });

    it('an empty router knows no names', () => {
      expectRouterError(
        () => ctx.createRouter().generateUri('/'),
        'FRAMEWORK_ERR_ROUTER_UNKNOWN_ROUTE',
        'No route is named "/".',
      );
    });

    it('of two routes with one name, the first registered builds the URI', () => {
      const router = routerWith(
        ctx,
        new Route('/first/{id}', handler('first'), ['GET'], 'shared'),
        new Route('/second/{id}', handler('second'), ['POST'], 'shared'),
      );
      assert.equal(router.generateUri('shared', { id: 1 }), '/first/1');
    });

    it('a name set after addRoute is used', () => {
      const about = route('/about', ['GET']);
      const router = routerWith(ctx, about);
      about.setName('about');
      assert.equal(router.generateUri('about'), '/about');
    });

    if (ctx.capabilities.tokens) {
      it('rejects a value that breaks a token', () => {
        const router = routerWith(ctx, route('/post/{id}', ['GET'], { id: '\\d+' }, 'post'));
        expectRouterError(
          () => router.generateUri('post', { id: 'abc' }),
          'FRAMEWORK_ERR_ROUTER_PARAM_MISMATCH',
          'Route "post": value "abc" for {id} does not match ^(?:\\d+)$.',
        );
        assert.equal(router.generateUri('post', { id: 12 }), '/post/12');
      });
    }
  });
}
