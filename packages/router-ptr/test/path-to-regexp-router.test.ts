import { describe, expect, it } from '@jest/globals';
import { parsePathTemplate, Route } from '@framework/router-contract';
import { PathToRegexpRouter, toPathToRegexp } from '../src';

function routerWith(...routes: Route[]): PathToRegexpRouter {
  const router = new PathToRegexpRouter();
  for (const route of routes) router.addRoute(route);
  return router;
}

describe('toPathToRegexp', () => {
  it('turns placeholders into quoted params and escapes path-to-regexp syntax', () => {
    expect(toPathToRegexp(parsePathTemplate('/api/v{version}/me')).path).toBe('/api/v:"version"/me');
    expect(toPathToRegexp(parsePathTemplate('/a(b)[c]+d!f:g*h\\i/{id}.json')).path).toBe(
      '/a\\(b\\)\\[c\\]\\+d\\!f\\:g\\*h\\\\i/:"id".json',
    );
  });

  it('captures a segment with two placeholders whole, to split it apart from path-to-regexp', () => {
    const translated = toPathToRegexp(parsePathTemplate('/f/{a}-{b}.{c}/x{d}'));
    expect(translated.path).toBe('/f/:"0"/x:"d"');
    expect(Object.keys(translated.joined)).toEqual(['0']);
    expect(toPathToRegexp(parsePathTemplate('/f/{a}-{b}'), false).path).toBe('/f/:"a"-:"b"');
  });
});

describe('PathToRegexpRouter (path-to-regexp specifics)', () => {
  it('reads path-to-regexp metacharacters in a template as literal text', () => {
    const route = new Route('/files/(x)+{name}*.json', 'h', ['GET']);
    const router = routerWith(route);
    expect(router.match({ method: 'GET', path: '/files/(x)+a*.json' }).getMatchedParams()).toEqual({
      name: 'a',
    });
    expect(router.match({ method: 'GET', path: '/files/xa.json' }).isFailure()).toBe(true);
  });

  it('keeps a placeholder name apart from the letters after it', () => {
    const route = new Route('/v{major}beta', 'h', ['GET']);
    expect(routerWith(route).match({ method: 'GET', path: '/v2beta' }).getMatchedParams()).toEqual({
      major: '2',
    });
  });

  it('lets a later placeholder of a segment hold the text before it, which path-to-regexp forbids', () => {
    const router = routerWith(new Route('/{a}-{b}', 'h', ['GET']));
    expect({ ...router.match({ method: 'GET', path: '/1-2-' }).getMatchedParams() }).toEqual({
      a: '1',
      b: '2-',
    });
    expect({ ...router.match({ method: 'GET', path: '/1-2-3' }).getMatchedParams() }).toEqual({
      a: '1-2',
      b: '3',
    });
  });

  it('splits a two-placeholder segment so that its tokens hold', () => {
    const route = new Route('/{a}~{b}/x', 'h', ['GET']).setOptions({ tokens: { a: '\\d+' } });
    const params = routerWith(route).match({ method: 'GET', path: '/1~2~1/x' }).getMatchedParams();
    expect({ ...params }).toEqual({ a: '1', b: '2~1' });
  });

  it('does not let path-to-regexp throw its URIError on a malformed escape', () => {
    const router = routerWith(new Route('/post/{id}', 'h', ['GET']));
    for (const path of ['/post/%', '/post/%zz', '/post/%E0%A4%A']) {
      const result = router.match({ method: 'GET', path });
      expect(result.isFailure()).toBe(true);
      expect(result.getAllowedMethods()).toBeNull();
    }
  });

  it('generates with compile, encoding values as URI components and keeping literal text', () => {
    const router = routerWith(new Route('/a(b)/{v}.json', 'h', null, 'file'));
    expect(router.generateUri('file', { v: 'a b/c?' })).toBe('/a(b)/a%20b%2Fc%3F.json');
    expect(router.generateUri('file', { v: 12 })).toBe('/a(b)/12.json');
  });

  it('reports missing values and token mismatches with the contract messages', () => {
    const router = routerWith(
      new Route('/post/{id}/{slug}', 'h', ['GET']).setOptions({ tokens: { id: '\\d+' } }),
    );
    expect(() => router.generateUri('/post/{id}/{slug}^GET', { id: '' })).toThrow(
      'Route "/post/{id}/{slug}^GET" needs a value for: id, slug.',
    );
    expect(() => router.generateUri('/post/{id}/{slug}^GET', { id: 'x', slug: 's' })).toThrow(
      'Route "/post/{id}/{slug}^GET": value "x" for {id} does not match ^(?:\\d+)$.',
    );
    expect(() => router.generateUri('nope')).toThrow('No route is named "nope".');
  });

  it('recompiles after a route is added once the table was compiled', () => {
    const router = routerWith(new Route('/a/{x}', 'h', ['GET']));
    expect(router.match({ method: 'GET', path: '/a/b' }).getMatchedRouteName()).toBe('/a/{x}^GET');
    router.addRoute(new Route('/a/b', 'h', ['GET']));
    expect(router.match({ method: 'GET', path: '/a/b' }).getMatchedRouteName()).toBe('/a/b^GET');
  });

  it('prefers the literal segment, segment by segment from the left, whatever the registration order', () => {
    const loose = new Route('/{a}/b/c', 'h', ['GET']);
    const prefixed = new Route('/x{a}/{b}/c', 'h', ['GET']);
    const tight = new Route('/x/{b}/c', 'h', ['GET']);
    const router = routerWith(loose, prefixed, tight);
    expect(router.match({ method: 'GET', path: '/x/b/c' }).getMatchedRoute()).toBe(tight);
    expect(router.match({ method: 'GET', path: '/xy/b/c' }).getMatchedRoute()).toBe(prefixed);
    expect(router.match({ method: 'GET', path: '/y/b/c' }).getMatchedRoute()).toBe(loose);
  });
});

describe('PathToRegexpRouter options', () => {
  it('refuses an unknown option, naming it', () => {
    expect(() => new PathToRegexpRouter({ maxParamLenght: 5 } as never)).toThrow(
      'PathToRegexpRouter: unknown option "maxParamLenght"; known options: maxParamLength.',
    );
  });

  it('holds every placeholder of a split segment to maxParamLength', () => {
    const short = new Route('/f/{name}.{ext}', 'short', ['GET']);
    const long = new Route('/f/{slug}', 'long', ['GET']);
    const router = new PathToRegexpRouter({ maxParamLength: 4 });
    router.addRoute(short);
    router.addRoute(long);
    expect(router.match({ method: 'GET', path: '/f/ab.c' }).getMatchedRoute()).toBe(short);
    expect(router.match({ method: 'GET', path: '/f/abc.d' }).getMatchedRoute()).toBe(short);
    expect(router.match({ method: 'GET', path: '/f/abcde.f' }).isFailure()).toBe(true);
  });
});
