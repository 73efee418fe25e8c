import { describe, expect, it } from '@jest/globals';
import { IndexedRoutes, Route, type MatchableRoute } from '../../src';

/** A compiled route that matches every path, giving it as `path`, and records the paths it was asked. */
function matchAll(route: Route, asked: string[]): MatchableRoute {
  return {
    route,
    methods: route.getAllowedMethods(),
    matchPath(path) {
      asked.push(path);
      return Object.assign(Object.create(null) as Record<string, string>, { path });
    },
  };
}

describe('IndexedRoutes', () => {
  function routesAsking(asked: string[]): IndexedRoutes<unknown, MatchableRoute> {
    const routes = new IndexedRoutes<unknown, MatchableRoute>((route) => matchAll(route, asked));
    routes.add(new Route('/{path}', 'h', ['GET']));
    return routes;
  }

  it.each([
    ['does not start with "/"', ''],
    ['does not start with "/"', 'about'],
    ['does not start with "/"', '*'],
    ['does not start with "/"', '?x'],
    ['does not start with "/"', '%2Fabout'],
    ['has a malformed escape', '/%zz'],
    ['has a malformed escape', '/a%E0%A4%A'],
    ['has a malformed escape', '/%'],
    ['has a malformed escape', '/ok/%C3'],
  ])('answers a path that %s (%p) with a plain failure, asking no route', (_why, path) => {
    const asked: string[] = [];
    const result = routesAsking(asked).match('GET', path);
    expect(result.isFailure()).toBe(true);
    expect(result.getAllowedMethods()).toBeNull();
    expect(asked).toEqual([]);
  });

  it.each(['/a', '/%41', '/caf%C3%A9'])('asks the routes about a well-formed path (%p)', (path) => {
    const asked: string[] = [];
    const result = routesAsking(asked).match('GET', path);
    expect({ ...result.getMatchedParams() }).toEqual({ path });
    expect(asked).toEqual([path]);
  });

  it('names the first route carrying a name, compiled once per change', () => {
    const compiled: Route[] = [];
    const routes = new IndexedRoutes<unknown, MatchableRoute>((route) => {
      compiled.push(route);
      return matchAll(route, []);
    });
    const first = new Route('/a', 'h', ['GET'], 'same');
    const second = new Route('/b', 'h', ['GET'], 'same');
    routes.add(first);
    routes.add(second);
    expect(routes.named('same')?.route).toBe(first);
    expect(routes.named('other')).toBeUndefined();
    routes.match('GET', '/a');
    expect(compiled).toEqual([first, second]);
    const third = new Route('/c', 'h', ['GET']);
    routes.add(third);
    expect(routes.match('GET', '/c').getMatchedRoute()).toBe(third);
    expect(compiled).toEqual([first, second, first, second, third]);
  });
});
