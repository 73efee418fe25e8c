import { describe, expect, it } from '@jest/globals';
import { MatchTable, Route, allowedMethods, type MatchableRoute } from '../../src';

function matchable(route: Route, methods = route.getAllowedMethods()): MatchableRoute {
  const source = route.template.parts
    .map((part) => (part.kind === 'static' ? part.text : '([^/]+)'))
    .join('');
  const regexp = new RegExp(`^${source}$`);
  return {
    route,
    methods,
    matchPath(path) {
      const found = regexp.exec(path);
      if (found === null) return undefined;
      const params: Record<string, string> = Object.create(null);
      route.template.paramNames.forEach((name, i) => (params[name] = found[i + 1] as string));
      return params;
    },
  };
}

describe('MatchTable', () => {
  const post = new Route('/post/{id}', 'a', ['GET']);
  const postNew = new Route('/post/new', 'b', ['POST']);
  const any = new Route('/any/{x}', 'c');
  const del = new Route('/post/{slug}', 'd', ['DELETE', 'GET']);
  const table = new MatchTable([post, postNew, any, del].map((route) => matchable(route)));

  it('answers the first route allowing the method, a static route first', () => {
    expect(table.match('GET', '/post/12').getMatchedRoute()).toBe(post);
    expect(table.match('POST', '/post/new').getMatchedRoute()).toBe(postNew);
    expect(table.match('GET', '/post/new').getMatchedRoute()).toBe(post);
    expect(table.match('DELETE', '/post/new').getMatchedRoute()).toBe(del);
    expect({ ...table.match('GET', '/post/12').getMatchedParams() }).toEqual({ id: '12' });
  });

  it('answers any method, unlisted ones too, with a route that lists none', () => {
    expect(table.match('PURGE', '/any/1').getMatchedRoute()).toBe(any);
    expect(table.match('GET', '/any/1').getMatchedRoute()).toBe(any);
  });

  it('lists the methods of every route matching the path on a method failure', () => {
    expect(table.match('PUT', '/post/new').getAllowedMethods()).toEqual(['GET', 'POST', 'DELETE']);
    expect(table.match('PURGE', '/post/1').getAllowedMethods()).toEqual(['GET', 'DELETE']);
    expect(table.match('GET', '/nothing').getAllowedMethods()).toBeNull();
  });

  it('uses the methods the adapter gives, not the route list', () => {
    const widened = new MatchTable([matchable(post, ['GET', 'HEAD'])]);
    expect(widened.match('HEAD', '/post/1').isSuccess()).toBe(true);
  });
});

describe('MatchTable with matchSegments', () => {
  const post = new Route('/post/{id}', 'a', ['GET']);
  const version = new Route('/v{n}/{id}', 'b', ['GET']);

  function byParts(route: Route, calls: string[]): MatchableRoute {
    return {
      ...matchable(route),
      matchSegments(segments) {
        calls.push(`${route.getPath()} ${segments.slice(0, route.template.paramNames.length).join(',')}`);
        return segments[0] === 'refused' ? undefined : { id: segments[0] as string };
      },
    };
  }

  it('reads whole-segment placeholders from the segments, other routes from the path', () => {
    const calls: string[] = [];
    const table = new MatchTable([byParts(post, calls), byParts(version, calls)]);
    expect({ ...table.match('GET', '/post/12').getMatchedParams() }).toEqual({ id: '12' });
    expect(table.match('GET', '/post/refused').isFailure()).toBe(true);
    expect({ ...table.match('GET', '/v2/7').getMatchedParams() }).toEqual({ n: '2', id: '7' });
    expect(calls).toEqual(['/post/{id} 12', '/post/{id} refused']);
  });

  it("asks for each method's routes, whichever method came before", () => {
    const any = new Route('/post/{id}', 'c', ['DELETE']);
    const table = new MatchTable([matchable(post), matchable(any)]);
    expect(table.match('GET', '/post/1').getMatchedRoute()).toBe(post);
    expect(table.match('DELETE', '/post/1').getMatchedRoute()).toBe(any);
    expect(table.match('PURGE', '/post/1').getAllowedMethods()).toEqual(['GET', 'DELETE']);
    expect(table.match('GET', '/post/1').getMatchedRoute()).toBe(post);
  });
});

describe('allowedMethods', () => {
  it('lists methods in registration order, each once; null without matches', () => {
    expect(
      allowedMethods([
        { order: 2, methods: ['PUT', 'GET'] },
        { order: 0, methods: ['GET'] },
        { order: 1, methods: null },
      ]),
    ).toEqual(['GET', 'PUT']);
    expect(allowedMethods([{ order: 0, methods: [] }])).toEqual([]);
    expect(allowedMethods([])).toBeNull();
  });
});
