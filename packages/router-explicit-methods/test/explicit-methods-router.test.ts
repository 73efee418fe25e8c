import { describe, expect, it } from '@jest/globals';
import { EMPTY_LIST_EXPLICIT_METHODS, EXPLICIT_METHODS, Route } from '@framework/router-contract';
import { effectiveMethods, ExplicitMethodsRouter } from '../src';

function routerWith(...routes: Route[]): ExplicitMethodsRouter {
  const router = new ExplicitMethodsRouter();
  for (const route of routes) router.addRoute(route);
  return router;
}

describe('effectiveMethods', () => {
  it('maps no list to the eight explicit methods and an empty list to GET, HEAD, OPTIONS', () => {
    expect(effectiveMethods(null)).toEqual([
      'HEAD',
      'OPTIONS',
      'GET',
      'POST',
      'PATCH',
      'PUT',
      'TRACE',
      'DELETE',
    ]);
    expect(effectiveMethods([])).toEqual(['GET', 'HEAD', 'OPTIONS']);
    expect(effectiveMethods(['PUT'])).toEqual(['PUT']);
  });
});

describe('ExplicitMethodsRouter (@koa/router specifics)', () => {
  it('answers a route without a method list for the eight methods only', () => {
    const route = new Route('/post/{id}', 'h');
    const router = routerWith(route);
    for (const method of EXPLICIT_METHODS) {
      expect(router.match({ method, path: '/post/1' }).getMatchedRoute()).toBe(route);
    }
    for (const method of ['PURGE', 'CONNECT']) {
      const result = router.match({ method, path: '/post/1' });
      expect(result.isMethodFailure()).toBe(true);
      expect(result.getAllowedMethods()).toEqual([...EXPLICIT_METHODS]);
    }
  });

  it('answers GET, HEAD and OPTIONS for a route with an empty list', () => {
    const route = new Route('/post', 'h', []);
    const router = routerWith(route);
    for (const method of EMPTY_LIST_EXPLICIT_METHODS) {
      expect(router.match({ method, path: '/post' }).getMatchedRoute()).toBe(route);
    }
    expect(router.match({ method: 'POST', path: '/post' }).getAllowedMethods()).toEqual([
      'GET',
      'HEAD',
      'OPTIONS',
    ]);
  });

  it('does not add HEAD to a GET route as @koa/router does', () => {
    const result = routerWith(new Route('/post', 'h', ['GET'])).match({ method: 'HEAD', path: '/post' });
    expect(result.isMethodFailure()).toBe(true);
    expect(result.getAllowedMethods()).toEqual(['GET']);
  });

  it('is case-sensitive and strict about the trailing slash, unlike @koa/router defaults', () => {
    const router = routerWith(new Route('/post/{id}', 'h', ['GET']), new Route('/About', 'h', ['GET']));
    for (const path of ['/POST/1', '/post/1/', '/about', '/About/']) {
      expect(router.match({ method: 'GET', path }).getAllowedMethods()).toBeNull();
    }
  });

  it('fails a malformed escape that @koa/router would hand over raw', () => {
    const router = routerWith(new Route('/post/{id}', 'h', ['GET']));
    const result = router.match({ method: 'GET', path: '/post/%zz' });
    expect(result.isFailure()).toBe(true);
    expect(result.getAllowedMethods()).toBeNull();
  });

  it('applies tokens to the decoded value and moves on to the next candidate', () => {
    const digits = new Route('/post/{id}', 'h', ['GET']);
    const slug = new Route('/post/{slug}', 'h', ['GET']);
    const router = routerWith(digits, slug);
    digits.setOptions({ tokens: { id: '\\d+' } });
    expect(router.match({ method: 'GET', path: '/post/%31%32' }).getMatchedRoute()).toBe(digits);
    expect(router.match({ method: 'GET', path: '/post/abc' }).getMatchedRoute()).toBe(slug);
  });

  it('generates a path for a placeholder named query, which @koa/router url() reads as options', () => {
    const router = routerWith(new Route('/search/{query}', 'h', ['GET'], 'search'));
    expect(router.generateUri('search', { query: 'a b' })).toBe('/search/a%20b');
    expect(() => router.generateUri('nope')).toThrow('No route is named "nope".');
  });
});

describe('ExplicitMethodsRouter options', () => {
  it('refuses an unknown option, naming it', () => {
    expect(() => new ExplicitMethodsRouter({ sensitive: false } as never)).toThrow(
      'ExplicitMethodsRouter: unknown option "sensitive"; known options: maxParamLength.',
    );
  });

  it('honours maxParamLength, counted as received', () => {
    const tag = new Route('/tag/{name}', 'tag', ['GET']);
    const router = new ExplicitMethodsRouter({ maxParamLength: 6 });
    router.addRoute(tag);
    expect(router.match({ method: 'GET', path: '/tag/%C3%A9' }).getMatchedParams()).toEqual({ name: 'é' });
    expect(router.match({ method: 'GET', path: '/tag/%C3%A9a' }).isFailure()).toBe(true);
  });
});
