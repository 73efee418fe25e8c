import { describe, expect, it } from '@jest/globals';
import { Route } from '@framework/router-contract';
import { FindMyWayRouter } from '../src';

function routerWith(...routes: Route[]): FindMyWayRouter {
  const router = new FindMyWayRouter();
  for (const route of routes) router.addRoute(route);
  return router;
}

function paramsOf(router: FindMyWayRouter, path: string): Record<string, string> | undefined {
  const result = router.match({ method: 'GET', path });
  return result.isSuccess() ? { ...result.getMatchedParams() } : undefined;
}

describe('FindMyWayRouter lookups at the edges of the shape tree', () => {
  it('a placeholder with literal text in its segment gives only the placeholder part', () => {
    const router = routerWith(
      new Route('/files/v{n}', 'v', ['GET']),
      new Route('/files/{name}.json', 'j', ['GET']),
    );
    expect(paramsOf(router, '/files/v3')).toEqual({ n: '3' });
    expect(paramsOf(router, '/files/a.json')).toEqual({ name: 'a' });
  });

  it('a "?" in a segment stays in the parameter, whatever the length of the text after it', () => {
    const router = routerWith(new Route('/files/{name}', 'f', ['GET']));
    for (let length = 0; length <= 40; length++) {
      const tail = 'a'.repeat(length);
      expect(paramsOf(router, `/files/x?${tail}`)).toEqual({ name: `x?${tail}` });
      expect(paramsOf(router, `/files/x#${tail}`)).toEqual({ name: `x#${tail}` });
      expect(paramsOf(router, `/files/x%41${tail}`)).toEqual({ name: `xA${tail}` });
    }
  });

  it('a path spelling a placeholder template matches it as a value, not as a literal route', () => {
    const router = routerWith(new Route('/post/{id}', 'p', ['GET']));
    expect(paramsOf(router, '/post/{id}')).toEqual({ id: '{id}' });
  });

  it('reads five placeholders of one shape in order', () => {
    const router = routerWith(new Route('/a/{a}/{b}/{c}/{d}/{e}', 'five', ['GET']));
    expect(paramsOf(router, '/a/1/2/3/4/5')).toEqual({ a: '1', b: '2', c: '3', d: '4', e: '5' });
    expect(paramsOf(router, '/a/1/2/3/4/%35')).toEqual({ a: '1', b: '2', c: '3', d: '4', e: '5' });
  });

  it('routes whose placeholder names join to the same text each name their own params', () => {
    const router = routerWith(new Route('/x/{ab}/{c}', 'x', ['GET']), new Route('/y/{a}/{bc}', 'y', ['GET']));
    expect(paramsOf(router, '/x/1/2')).toEqual({ ab: '1', c: '2' });
    expect(paramsOf(router, '/y/1/2')).toEqual({ a: '1', bc: '2' });
  });

  it('a better route whose shape differs from the found one in two later segments still wins', () => {
    // find-my-way returns /p/:p0/edit/:p1 for /p/v1/edit/z; the contract ranks v{n} before {a} first.
    const routes = [new Route('/p/{a}/edit/{b}', 'a', ['GET']), new Route('/p/v{n}/{x}/z', 'b', ['GET'])];
    for (const router of [routerWith(...routes), routerWith(...[...routes].reverse())]) {
      expect(router.match({ method: 'GET', path: '/p/v1/edit/z' }).getMatchedRouteName()).toBe(
        '/p/v{n}/{x}/z^GET',
      );
      expect(router.match({ method: 'GET', path: '/p/w1/edit/z' }).getMatchedRouteName()).toBe(
        '/p/{a}/edit/{b}^GET',
      );
    }
  });

  it('a malformed escape the tree matched as received fails the route', () => {
    const router = routerWith(new Route('/files/{name}', 'f', ['GET']));
    expect(paramsOf(router, '/files/%zz')).toBeUndefined();
    expect(paramsOf(router, '/files/%')).toBeUndefined();
  });

  it('a path with "%" matching a literal route under another method is a method failure', () => {
    const router = routerWith(new Route('/a%20b', 'l', ['POST']), new Route('/x/{id}', 'x', ['GET']));
    const result = router.match({ method: 'GET', path: '/a%20b' });
    expect(result.isMethodFailure()).toBe(true);
    expect(result.getAllowedMethods()).toEqual(['POST']);
  });

  it('a path with "%" matching no route is a plain failure', () => {
    const router = routerWith(new Route('/x/{id}', 'x', ['GET']), new Route('/y', 'y', ['GET']));
    for (const path of ['/z%20', '/x/a/b%20', '/y%20']) {
      const result = router.match({ method: 'GET', path });
      expect(result.isFailure()).toBe(true);
      expect(result.getAllowedMethods()).toBeNull();
    }
  });

  it('a literal route under another method is a method failure, a path of no route a plain one', () => {
    const router = routerWith(new Route('/y', 'y', ['POST']), new Route('/x/{id}', 'x', ['GET']));
    expect(router.match({ method: 'GET', path: '/y' }).getAllowedMethods()).toEqual(['POST']);
    const none = router.match({ method: 'GET', path: '/z' });
    expect(none.isMethodFailure()).toBe(false);
  });
});
