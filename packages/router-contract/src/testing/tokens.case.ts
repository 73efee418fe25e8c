import assert from 'node:assert/strict';
import { defineGroup, type ContractGroup } from './contract-group';
import { Route } from '../route';
import {
  expectMethodFailure,
  expectPlainFailure,
  expectSuccess,
  handler,
  match,
  route,
  routerWith,
} from './helpers';
import type { ContractContext } from './options';

const DIGITS = { id: '\\d+' };

/** The `tokens` route option (registered only with the `tokens` capability). */
export function tokensCases(ctx: ContractContext): ContractGroup {
  return defineGroup('tokens', (it) => {
    it('/post/{id} with id \\d+ matches /post/12', () => {
      const post = route('/post/{id}', ['GET'], DIGITS);
      expectSuccess(match(routerWith(ctx, post), 'GET', '/post/12'), post, { id: '12' });
    });

    it.each(['/post/abc', '/post/12abc', '/post/a12', '/post/'])(
      '/post/{id} with id \\d+ does not match %s',
      (path) => {
        expectPlainFailure(match(routerWith(ctx, route('/post/{id}', ['GET'], DIGITS)), 'GET', path));
      },
    );

    it('a token never spans "/", even .+', () => {
      const file = route('/file/{name}', ['GET'], { name: '.+' });
      const router = routerWith(ctx, file);
      expectPlainFailure(match(router, 'GET', '/file/a/b'));
      expectSuccess(match(router, 'GET', '/file/a.b'), file, { name: 'a.b' });
    });

    it('an alternation is anchored as a whole', () => {
      const router = routerWith(ctx, route('/x/{id}', ['GET'], { id: 'a|b' }));
      assert.equal(match(router, 'GET', '/x/a').isSuccess(), true);
      expectPlainFailure(match(router, 'GET', '/x/ab'));
      expectPlainFailure(match(router, 'GET', '/x/ba'));
    });

    it('tokens set with setOptions after addRoute still apply', () => {
      const post = new Route('/post/{id}', handler('post'), ['GET']);
      const router = routerWith(ctx, post);
      post.setOptions({ tokens: DIGITS });
      expectPlainFailure(match(router, 'GET', '/post/abc'));
      expectSuccess(match(router, 'GET', '/post/12'), post, { id: '12' });
    });

    it('a failing token lets a later route with the same shape match', () => {
      const byId = route('/post/{id}', ['GET'], DIGITS);
      const bySlug = route('/post/{slug}', ['GET']);
      const router = routerWith(ctx, byId, bySlug);
      expectSuccess(match(router, 'GET', '/post/12'), byId, { id: '12' });
      expectSuccess(match(router, 'GET', '/post/hello'), bySlug, { slug: 'hello' });
    });

    it('a failing token lets a route of another shape match', () => {
      const byId = route('/post/{id}', ['GET'], DIGITS);
      const section = route('/{section}/abc', ['GET']);
      const router = routerWith(ctx, byId, section);
      expectSuccess(match(router, 'GET', '/post/abc'), section, { section: 'post' });
      expectSuccess(match(router, 'GET', '/post/1'), byId, { id: '1' });
    });

    it('a route whose token fails does not count as an allowed method', () => {
      const router = routerWith(ctx, route('/post/{id}', ['PUT'], DIGITS), route('/post/{slug}', ['PATCH']));
      expectMethodFailure(match(router, 'GET', '/post/12'), ['PUT', 'PATCH']);
      expectMethodFailure(match(router, 'GET', '/post/abc'), ['PATCH']);
      expectPlainFailure(match(routerWith(ctx, route('/post/{id}', ['PUT'], DIGITS)), 'GET', '/post/abc'));
    });

    it('tokens are checked against the percent-decoded value', () => {
      const tag = route('/tag/{name}', ['GET'], { name: '[a-z ]+' });
      const router = routerWith(ctx, tag);
      expectSuccess(match(router, 'GET', '/tag/hello%20world'), tag, { name: 'hello world' });
      expectPlainFailure(match(router, 'GET', '/tag/hello%2Dworld'));
    });

    it('a token constrains a placeholder inside a segment', () => {
      const versioned = route('/api/v{version}/me', ['GET'], { version: '\\d+' });
      const router = routerWith(ctx, versioned);
      expectSuccess(match(router, 'GET', '/api/v2/me'), versioned, { version: '2' });
      expectPlainFailure(match(router, 'GET', '/api/vx/me'));
    });

    it('tokens on one placeholder leave the others free', () => {
      const comment = route('/post/{id}/comment/{slug}', ['GET'], DIGITS);
      const router = routerWith(ctx, comment);
      expectSuccess(match(router, 'GET', '/post/3/comment/first'), comment, { id: '3', slug: 'first' });
      expectPlainFailure(match(router, 'GET', '/post/x/comment/first'));
    });

    it('a token on a route without a method list works for any method', () => {
      const any = route('/item/{id}', null, DIGITS);
      const router = routerWith(ctx, any);
      expectSuccess(match(router, 'GET', '/item/5'), any, { id: '5' });
      expectPlainFailure(match(router, 'GET', '/item/five'));
    });
  });
}
