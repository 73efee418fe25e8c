import { describe, expect, it } from '@jest/globals';
import { Route } from '@framework/router-contract';
import { FindMyWayRouter } from '../src';

function routerWith(...routes: Route[]): FindMyWayRouter {
  const router = new FindMyWayRouter();
  for (const route of routes) router.addRoute(route);
  return router;
}

function nameOf(router: FindMyWayRouter, method: string, path: string): string | undefined {
  return router.match({ method, path }).getMatchedRouteName();
}

describe('FindMyWayRouter and find-my-way', () => {
  it('routes whose templates give find-my-way the same shape do not throw as duplicates', () => {
    const router = routerWith(
      new Route('/post/{id}', 'a', ['GET']).setOptions({ tokens: { id: '\\d+' } }),
      new Route('/post/{slug}', 'b', ['GET']),
      new Route('/post/{name}.json', 'c', ['GET']),
      new Route('/post/v{n}', 'd', ['GET']),
    );
    expect(nameOf(router, 'GET', '/post/1')).toBe('/post/{id}^GET');
    expect(nameOf(router, 'GET', '/post/x')).toBe('/post/{slug}^GET');
  });

  it('4,000 routes that differ in one literal segment each answer their own path', () => {
    // A lookup tries only the routes of the shape find-my-way found (and of shapes a path reaching it
    // may also fit): were every route of the same length a candidate, these 4,000 lookups would sort
    // and try 4,000 candidates each.
    const count = 4000;
    const router = new FindMyWayRouter();
    for (let i = 0; i < count; i++) router.addRoute(new Route(`/a/{x}/v${i}`, `r${i}`, ['GET'], `r${i}`));
    for (let i = 0; i < count; i++) expect(nameOf(router, 'GET', `/a/1/v${i}`)).toBe(`r${i}`);
    expect(router.match({ method: 'GET', path: `/a/1/v${count}` }).isFailure()).toBe(true);
  });

  it('a literal route answers every match with its one result until a route is added', () => {
    const about = new Route('/about', 'a', ['GET']);
    const router = routerWith(about);
    const first = router.match({ method: 'GET', path: '/about' });
    expect(router.match({ method: 'GET', path: '/about' })).toBe(first);
    router.addRoute(new Route('/contact', 'c', ['GET']));
    const rebuilt = router.match({ method: 'GET', path: '/about' });
    expect(rebuilt).not.toBe(first);
    expect(rebuilt.getMatchedRoute()).toBe(about);
    expect(nameOf(router, 'GET', '/contact')).toBe('/contact^GET');
  });

  it('routes sharing a find-my-way shape answer in the contract order, whatever the registration order', () => {
    const routes = [new Route('/file/{id}', 'a', ['GET']), new Route('/file/{name}.json', 'b', ['GET'])];
    for (const router of [routerWith(...routes), routerWith(...[...routes].reverse())]) {
      expect(nameOf(router, 'GET', '/file/a.json')).toBe('/file/{name}.json^GET');
      expect(nameOf(router, 'GET', '/file/a')).toBe('/file/{id}^GET');
    }
  });

  it('a better route in a shape find-my-way tries later still wins', () => {
    // find-my-way tries /p/:s2/edit before /p/:s2/:s3; the contract ranks v{n} before {y} first.
    const routes = [new Route('/p/{y}/edit', 'a', ['GET']), new Route('/p/v{n}/{x}', 'b', ['GET'])];
    for (const router of [routerWith(...routes), routerWith(...[...routes].reverse())]) {
      expect(nameOf(router, 'GET', '/p/v1/edit')).toBe('/p/v{n}/{x}^GET');
      expect(nameOf(router, 'GET', '/p/w1/edit')).toBe('/p/{y}/edit^GET');
    }
  });

  it('a shape find-my-way tries earlier is not a candidate of a later one', () => {
    const router = routerWith(new Route('/p/{x}/{y}', 'a', ['GET']), new Route('/p/{x}/edit', 'b', ['GET']));
    expect(nameOf(router, 'GET', '/p/1/show')).toBe('/p/{x}/{y}^GET');
    expect(nameOf(router, 'GET', '/p/1/edit')).toBe('/p/{x}/edit^GET');
  });

  it('between placeholder routes, literal text in an earlier segment wins, whatever the order', () => {
    const router = routerWith(new Route('/{a}/x', 'a', ['GET']), new Route('/b/{c}', 'b', ['GET']));
    expect(nameOf(router, 'GET', '/b/x')).toBe('/b/{c}^GET');
    expect(nameOf(router, 'GET', '/a/x')).toBe('/{a}/x^GET');
  });

  it("when the tree's first shape fails its token, a later shape answers in the contract order", () => {
    const router = routerWith(
      new Route('/a/{x}', 'a', ['GET']).setOptions({ tokens: { x: '\\d+' } }),
      new Route('/{y}/{z}', 'b', ['GET']),
      new Route('/{y}/b', 'c', ['GET']),
    );
    expect(nameOf(router, 'GET', '/a/1')).toBe('/a/{x}^GET');
    expect(nameOf(router, 'GET', '/a/b')).toBe('/{y}/b^GET');
    expect(nameOf(router, 'GET', '/a/c')).toBe('/{y}/{z}^GET');
  });

  it('a placeholder segment with "*" or ":" literal text reaches find-my-way as a parameter', () => {
    const router = routerWith(new Route('/a/{x}*', 's', ['GET']), new Route('/b/{x}:{y}', 'c', ['GET']));
    expect(router.match({ method: 'GET', path: '/a/1*' }).getMatchedParams()).toEqual({ x: '1' });
    expect({ ...router.match({ method: 'GET', path: '/b/1:2' }).getMatchedParams() }).toEqual({
      x: '1',
      y: '2',
    });
    expect(router.match({ method: 'GET', path: '/a/1' }).isSuccess()).toBe(false);
  });

  it('a literal segment with ":" beside a placeholder segment', () => {
    const route = new Route('/ns:verb/{id}', 'h', ['GET']);
    const router = routerWith(route);
    expect(router.match({ method: 'GET', path: '/ns:verb/1' }).getMatchedRoute()).toBe(route);
    expect(router.match({ method: 'GET', path: '/ns/1' }).isSuccess()).toBe(false);
  });

  it('percent-encoded literal text beside a placeholder compares as received', () => {
    const router = routerWith(new Route('/caf%C3%A9/{x}', 'h', ['GET']));
    expect(router.match({ method: 'GET', path: '/caf%C3%A9/1' }).isSuccess()).toBe(true);
    expect(router.match({ method: 'GET', path: '/café/1' }).isSuccess()).toBe(false);
  });

  it('a "?" or "#" in the path is path text, not cut off by find-my-way', () => {
    const router = routerWith(new Route('/p/{x}/b', 'h', ['GET']));
    expect({ ...router.match({ method: 'GET', path: '/p/a?/b' }).getMatchedParams() }).toEqual({ x: 'a?' });
    expect({ ...router.match({ method: 'GET', path: '/p/a#/b' }).getMatchedParams() }).toEqual({ x: 'a#' });
  });

  it('a path find-my-way would decode or cut is read as received, whichever escape it holds', () => {
    const router = routerWith(
      new Route('/users/{name}', 'h', ['GET'], 'users'),
      new Route('/{a}/{b}', 'h', ['GET'], 'pair'),
    );
    const params = (path: string): unknown => ({
      ...router.match({ method: 'GET', path }).getMatchedParams(),
    });
    expect(params('/users/a%2Fb')).toEqual({ name: 'a/b' });
    expect(params('/users/%2525')).toEqual({ name: '%25' });
    expect(params('/users/%41%2F')).toEqual({ name: 'A/' });
    expect(params('/users/a?')).toEqual({ name: 'a?' });
    // "%65" is "e": decoded, the path would be "/users/x"; as received it only fits "/{a}/{b}".
    expect(nameOf(router, 'GET', '/us%65rs/x')).toBe('pair');
    expect(params('/us%65rs/x')).toEqual({ a: 'users', b: 'x' });
    expect(router.match({ method: 'GET', path: '/users/%E0%A4%A' }).isFailure()).toBe(true);
  });

  it('a path not starting with "/" is a plain failure, never parsed as a URL', () => {
    const router = routerWith(new Route('/{x}', 'h', null));
    expect(router.match({ method: 'GET', path: 'http://host/a' }).getAllowedMethods()).toBeNull();
    expect(router.match({ method: 'GET', path: '' }).isFailure()).toBe(true);
  });

  it('answers methods find-my-way does not know for a route without a method list', () => {
    const route = new Route('/{x}', 'h');
    const router = routerWith(route, new Route('/listed/{x}', 'l', ['BREW']));
    expect(router.match({ method: 'X-CUSTOM', path: '/a' }).getMatchedRoute()).toBe(route);
    expect(router.match({ method: 'BREW', path: '/listed/a' }).isSuccess()).toBe(true);
    expect(router.match({ method: 'GET', path: '/listed/a' }).getAllowedMethods()).toEqual(['BREW']);
  });

  it('a literal route matches only its own text, whatever its length and last character', () => {
    const router = routerWith(new Route('/cafe', 'a', ['GET']), new Route('/{x}', 'b', ['GET']));
    expect(nameOf(router, 'GET', '/cafe')).toBe('/cafe^GET');
    // "\u00e5" (229) and "e" (101) have the same seven low bits; the path has the literal's length.
    expect(nameOf(router, 'GET', '/caf\u00e5')).toBe('/{x}^GET');
    expect(nameOf(router, 'GET', '/cafa')).toBe('/{x}^GET');
    expect(nameOf(router, 'GET', '/cafes-and-more')).toBe('/{x}^GET');
    expect(router.match({ method: 'GET', path: '' }).isFailure()).toBe(true);
    expect(router.match({ method: 'POST', path: '/cafe' }).getAllowedMethods()).toEqual(['GET']);
  });

  it('a name taken twice generates the first route', () => {
    const router = routerWith(new Route('/a', 'a', ['GET'], 'same'), new Route('/b', 'b', ['GET'], 'same'));
    expect(router.generateUri('same')).toBe('/a');
  });

  it('a route renamed after the table was compiled is found by its new name', () => {
    const route = new Route('/a', 'a', ['GET']);
    const router = routerWith(route);
    expect(router.generateUri('/a^GET')).toBe('/a');
    route.setName('renamed');
    expect(router.generateUri('renamed')).toBe('/a');
    expect(() => router.generateUri('/a^GET')).toThrow('No route is named "/a^GET".');
  });

  it('tokens changed after the table was compiled apply at the next match', () => {
    const route = new Route('/p/{id}', 'h', ['GET']);
    const router = routerWith(route);
    expect(router.match({ method: 'GET', path: '/p/x' }).isSuccess()).toBe(true);
    route.setOptions({ tokens: { id: '\\d+' } });
    expect(router.match({ method: 'GET', path: '/p/x' }).isSuccess()).toBe(false);
  });

  describe("a route whose placeholders fill whole segments reads find-my-way's params", () => {
    const router = routerWith(
      new Route('/repos/{owner}/{repo}/issues/{number}', 'a', ['GET']).setOptions({
        tokens: { number: '\\d+' },
      }),
      new Route('/repos/{owner}/{repo}/{section}/{id}', 'b', ['GET']),
      new Route('/u/{name}', 'c', ['GET']).setOptions({
        tokens: { name: '(a|a)+' },
        allowUnsafeRegex: true,
      }),
    );
    const paramsOf = (path: string) => router.match({ method: 'GET', path }).getMatchedParams();

    it('decodes the values and checks their tokens, falling back to the next candidate', () => {
      expect(nameOf(router, 'GET', '/repos/o/r%2Fx/issues/12')).toBe(
        '/repos/{owner}/{repo}/issues/{number}^GET',
      );
      expect(paramsOf('/repos/o/r%2Fx/issues/12')).toEqual({ owner: 'o', repo: 'r/x', number: '12' });
      expect(nameOf(router, 'GET', '/repos/o/r/issues/x')).toBe('/repos/{owner}/{repo}/{section}/{id}^GET');
      expect(nameOf(router, 'GET', '/u/aaa')).toBe('/u/{name}^GET');
      expect(nameOf(router, 'GET', '/u/ab')).toBeUndefined();
    });

    it('never matches an empty segment, which find-my-way reports as an empty parameter', () => {
      expect(nameOf(router, 'GET', '/u/')).toBeUndefined();
      expect(nameOf(router, 'GET', '/repos/o//issues/1')).toBeUndefined();
    });

    it('a malformed escape fails the route, and maxParamLength counts the value as received', () => {
      expect(nameOf(router, 'GET', '/repos/o/%E0%A4%A/issues/1')).toBeUndefined();
      const limited = new FindMyWayRouter({ maxParamLength: 6 });
      limited.addRoute(new Route('/u/{name}', 'c', ['GET']));
      expect(limited.match({ method: 'GET', path: '/u/%C3%A9x' }).isFailure()).toBe(true);
      expect(limited.match({ method: 'GET', path: '/u/%C3%A' }).isFailure()).toBe(true);
      expect(limited.match({ method: 'GET', path: '/u/%41%42' }).getMatchedParams()).toEqual({ name: 'AB' });
    });
  });
});
