import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  ParamReader,
  Route,
  RouteResult,
  comparePrecedence,
  templateRegExp,
} from '@framework/router-contract';
import { FindMyWayRouter } from '../src';

// The find-my-way tree and the candidates it gives must answer exactly like this linear scan in the
// contract's order: `comparePrecedence` (segment by segment, literal before placeholders, more literal
// text first), then registration order.

// Params by the contract's reading: one regular expression over the path, a segment with two or more
// placeholders split leftmost-longest among the splits its tokens accept.
function oracleParams(route: Route, path: string): Record<string, string> | undefined {
  const { regexp, captures } = templateRegExp(route.template);
  const found = regexp.exec(path);
  return found === null ? undefined : new ParamReader(captures).read(found, 1, route.getTokens());
}

function oracleMatch(routes: Route[], method: string, path: string): RouteResult {
  const ordered = routes
    .map((route, index) => ({ route, index }))
    .sort((x, y) => comparePrecedence(x.route.template, y.route.template) || x.index - y.index);
  for (const { route } of ordered) {
    if (!route.allowsMethod(method)) continue;
    const params = oracleParams(route, path);
    if (params !== undefined) return RouteResult.fromRoute(route, params);
  }
  const allowed: string[] = [];
  let exists = false;
  for (const route of routes) {
    if (oracleParams(route, path) === undefined) continue;
    exists = true;
    for (const m of route.getAllowedMethods() ?? []) if (!allowed.includes(m)) allowed.push(m);
  }
  return RouteResult.fromRouteFailure(exists ? allowed : null);
}

function outcome(result: RouteResult): unknown {
  return {
    route: result.getMatchedRoute(),
    params: { ...result.getMatchedParams() },
    methodFailure: result.isMethodFailure(),
    allowed: result.getAllowedMethods(),
  };
}

const literalSegment = fc.constantFrom('a', 'b', ':', '*', 'x.y', '%41', '');
const placeholderSegment = fc.constantFrom('{p}', 'v{p}', '{p}.json', '{p}-{q}', '{p}*', 'a{p}', '{p}a');
const segment = fc.oneof(literalSegment, placeholderSegment);
const template = fc
  .array(segment, { minLength: 1, maxLength: 3 })
  .map(
    (segments) =>
      `/${segments.map((s, i) => s.replaceAll('{p}', `{p${i}}`).replaceAll('{q}', `{q${i}}`)).join('/')}`,
  );
const methods = fc.oneof(
  fc.constant(null),
  fc.subarray(['GET', 'POST', 'PUT'], { minLength: 0, maxLength: 3 }),
);
const token = fc.constantFrom(undefined, '\\d+', '[ab]+');
const routeSpec = fc.record({ path: template, methods, token });
const value = fc.constantFrom('a', 'b', 'ab', '1', '12', 'x.y', '%', '%41', 'a%2Fb', ':', '*');
const pathSegment = fc.oneof(
  fc.constantFrom('a', 'b', ':', '*', 'x.y', '%41', ''),
  value.map((v) => v),
  value.map((v) => `v${v}`),
  value.map((v) => `${v}.json`),
  fc.tuple(value, value).map(([x, y]) => `${x}-${y}`),
  value.map((v) => `${v}*`),
);
const requestPath = fc
  .array(pathSegment, { minLength: 1, maxLength: 3 })
  .map((segments) => `/${segments.join('/')}`);

describe('FindMyWayRouter against a linear scan', () => {
  it('gives the same result for random tables and requests', () => {
    const runs = Number(process.env['FRAMEWORK_FUZZ_RUNS'] ?? 300);
    fc.assert(
      fc.property(
        fc.array(routeSpec, { minLength: 1, maxLength: 12 }),
        fc.array(fc.tuple(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'), requestPath), {
          minLength: 1,
          maxLength: 20,
        }),
        (specs, requests) => {
          const routes = specs.map((spec, i) => {
            const route = new Route(spec.path, `h${i}`, spec.methods, `r${i}`);
            const first = route.template.paramNames[0];
            if (spec.token !== undefined && first !== undefined)
              route.setOptions({ tokens: { [first]: spec.token } });
            return route;
          });
          const router = new FindMyWayRouter({ maxParamLength: Infinity });
          for (const route of routes) router.addRoute(route);
          for (const [method, path] of requests) {
            expect(outcome(router.match({ method, path }))).toEqual(
              outcome(oracleMatch(routes, method, path)),
            );
          }
        },
      ),
      { numRuns: runs },
    );
  });
});
