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

/** Case, slashes, shared prefixes and which route wins. */
export function matchingCases(ctx: ContractContext): ContractGroup {
  return defineGroup('matching', (it) => {
    it('is case-sensitive', () => {
      const about = route('/about', ['GET']);
      const router = routerWith(ctx, about);
      expectSuccess(match(router, 'GET', '/about'), about);
      expectPlainFailure(match(router, 'GET', '/About'));
      expectPlainFailure(match(router, 'GET', '/ABOUT'));
    });

    it('is strict about a trailing slash', () => {
      const noSlash = route('/post', ['GET']);
      const slash = route('/dir/', ['GET']);
      const router = routerWith(ctx, noSlash, slash);
      expectPlainFailure(match(router, 'GET', '/post/'));
      expectPlainFailure(match(router, 'GET', '/dir'));
      expectSuccess(match(router, 'GET', '/dir/'), slash);
    });

    it('is strict about a trailing slash after a placeholder', () => {
      const post = route('/post/{id}', ['GET']);
      const router = routerWith(ctx, post);
      expectPlainFailure(match(router, 'GET', '/post/1/'));
    });

    it('does not merge duplicate slashes', () => {
      const ab = route('/a/b', ['GET']);
      const router = routerWith(ctx, ab);
      expectPlainFailure(match(router, 'GET', '/a//b'));
      expectPlainFailure(match(router, 'GET', '//a/b'));
    });

    it('the root path matches only "/"', () => {
      const root = route('/', ['GET']);
      const router = routerWith(ctx, root);
      expectSuccess(match(router, 'GET', '/'), root);
      expectPlainFailure(match(router, 'GET', '//'));
      expectPlainFailure(match(router, 'GET', '/index'));
    });

    it.each(['', 'a', 'about', '*', 'a/b', '?x', '%2Fabout'])(
      'a path that does not start with "/" (%s) is a plain failure',
      (path) => {
        const router = routerWith(ctx, route('/', null), route('/about', null), route('/{any}', null));
        expectPlainFailure(match(router, 'GET', path));
      },
    );

    it('dot segments in a template are literal: /a/../b and /a/./b match only themselves', () => {
      const up = route('/a/../b', ['GET']);
      const here = route('/a/./c', ['GET']);
      const router = routerWith(ctx, up, here);
      expectSuccess(match(router, 'GET', '/a/../b'), up);
      expectSuccess(match(router, 'GET', '/a/./c'), here);
      for (const path of ['/b', '/a/b', '/c', '/a/c', '/a/%2E%2E/b'])
        expectPlainFailure(match(router, 'GET', path));
    });

    it('dot segments in a path are not resolved: /a/../b does not reach /b', () => {
      const b = route('/b', ['GET']);
      const below = route('/a/{x}/b', ['GET']);
      const router = routerWith(ctx, b, below);
      expectSuccess(match(router, 'GET', '/a/../b'), below, { x: '..' });
      expectSuccess(match(router, 'GET', '/a/./b'), below, { x: '.' });
      expectPlainFailure(match(routerWith(ctx, b), 'GET', '/a/../b'));
      expectPlainFailure(match(routerWith(ctx, b), 'GET', '/./b'));
    });

    it.each(['?', '#'])('a raw "%s" in the path is path text, not a delimiter', (char) => {
      const any = route('/{x}', ['GET']);
      const nested = route('/a/{x}', ['GET']);
      const router = routerWith(ctx, any, nested);
      expectSuccess(match(router, 'GET', `/${char}b`), any, { x: `${char}b` });
      expectSuccess(match(router, 'GET', `/a/b${char}c`), nested, { x: `b${char}c` });
      expectPlainFailure(match(router, 'GET', `/a${char}/b`));
    });

    it('a longer path does not match a shorter template', () => {
      const router = routerWith(ctx, route('/post/{id}', ['GET']), route('/post', ['GET']));
      expectPlainFailure(match(router, 'GET', '/post/12/extra'));
      expectPlainFailure(match(router, 'GET', '/posts'));
    });

    const table = (): Route[] => [
      route('/u', ['GET']),
      route('/user', ['GET']),
      route('/users', ['GET']),
      route('/usersettings', ['GET']),
      route('/users/{id}', ['GET']),
      route('/users/{id}/posts', ['GET']),
      route('/users/{id}/posts/{postId}', ['GET']),
      route('/users/me', ['GET']),
      route('/users/{id}.json', ['GET']),
    ];
    it.each<[string, string, Record<string, string>]>([
      ['/u', '/u^GET', {}],
      ['/user', '/user^GET', {}],
      ['/users', '/users^GET', {}],
      ['/usersettings', '/usersettings^GET', {}],
      ['/users/7', '/users/{id}^GET', { id: '7' }],
      ['/users/7/posts', '/users/{id}/posts^GET', { id: '7' }],
      ['/users/7/posts/9', '/users/{id}/posts/{postId}^GET', { id: '7', postId: '9' }],
      ['/users/me', '/users/me^GET', {}],
      ['/users/me/posts', '/users/{id}/posts^GET', { id: 'me' }],
    ])('many routes sharing prefixes: %s reaches %s', (path, name, params) => {
      const routes = table();
      const expected = routes.find((each) => each.getName() === name) as Route;
      expectSuccess(match(routerWith(ctx, ...routes), 'GET', path), expected, params);
    });

    it.each(['/us', '/userx', '/users/', '/users/7/post', '/users/7/posts/', '/usersettings/x'])(
      'many routes sharing prefixes: %s is a plain failure',
      (path) => {
        expectPlainFailure(match(routerWith(ctx, ...table()), 'GET', path));
      },
    );

    it('a static route beats a placeholder route registered before it', () => {
      const placeholder = route('/post/{id}', ['GET']);
      const literal = route('/post/new', ['GET']);
      const router = routerWith(ctx, placeholder, literal);
      expectSuccess(match(router, 'GET', '/post/new'), literal);
      expectSuccess(match(router, 'GET', '/post/old'), placeholder, { id: 'old' });
    });

    it('a static route beats a placeholder route registered after it', () => {
      const literal = route('/post/new', ['GET']);
      const placeholder = route('/post/{id}', ['GET']);
      const router = routerWith(ctx, literal, placeholder);
      expectSuccess(match(router, 'GET', '/post/new'), literal);
      expectSuccess(match(router, 'GET', '/post/old'), placeholder, { id: 'old' });
    });

    it('a static route beats a route with a placeholder in an earlier segment', () => {
      const placeholder = route('/{lang}/about', ['GET']);
      const literal = route('/en/about', ['GET']);
      const router = routerWith(ctx, placeholder, literal);
      expectSuccess(match(router, 'GET', '/en/about'), literal);
      expectSuccess(match(router, 'GET', '/de/about'), placeholder, { lang: 'de' });
    });

    it('the same path registered under disjoint methods does not crash and both match', () => {
      const get = new Route('/same', handler('get'), ['GET']);
      const post = new Route('/same', handler('post'), ['POST']);
      const router = routerWith(ctx, get, post);
      expectSuccess(match(router, 'GET', '/same'), get);
      expectSuccess(match(router, 'POST', '/same'), post);
      expectMethodFailure(match(router, 'PUT', '/same'), ['GET', 'POST']);
    });

    it('the same template with other placeholder names under disjoint methods keeps each name', () => {
      const get = route('/x/{id}', ['GET']);
      const post = route('/x/{slug}', ['POST']);
      const router = routerWith(ctx, get, post);
      expectSuccess(match(router, 'GET', '/x/1'), get, { id: '1' });
      expectSuccess(match(router, 'POST', '/x/1'), post, { slug: '1' });
    });
  });
}
