import { MatchTable, RouteResult, type Route } from '@framework/router-contract';
import {
  allowsMethod,
  compileRoute,
  matchParams,
  readTreeParams,
  type CompiledRoute,
} from './compiled-route';
import { ShapeIndex, toTreePath, type Candidate } from './shape-index';

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

/**
 * The compiled form of a route list. Literal routes are looked up in a map; placeholder routes in one
 * find-my-way tree of shapes, which gives the routes allowing the method that may match the path, in
 * the contract's precedence (see `ShapeIndex`): the first that matches answers. A route of the shape
 * found, whose placeholder segments are whole, takes find-my-way's params as its captures; any other
 * runs its own regex. A path that fits no shape and no literal route is a plain failure; any other
 * failure asks the contract's `MatchTable` for the methods of every route matching the path.
 */
export class RouteTable {
  private readonly literal = new Map<string, CompiledRoute[]>();
  private readonly shapes: ShapeIndex;
  private readonly all: MatchTable;
  private readonly names = new Map<string, Route>();

  constructor(routes: readonly Route[], maxParamLength: number) {
    const compiled = routes.map((route, index) => compileRoute(route, index, maxParamLength));
    const listedMethods = new Set<string>();
    for (const each of compiled) for (const method of each.methods ?? []) listedMethods.add(method);
    this.shapes = new ShapeIndex(listedMethods);

    for (const each of compiled) {
      if (!this.names.has(each.route.getName())) this.names.set(each.route.getName(), each.route);
      if (each.isStatic) pushTo(this.literal, each.route.template.source, each);
      else this.shapes.add(each);
    }
    this.all = new MatchTable(compiled);
  }

  // This is the hot path: change with care.
  match(method: string, path: string): RouteResult {
    const literal = this.literal.get(path);
    if (literal !== undefined) {
      for (const each of literal) if (allowsMethod(each, method)) return RouteResult.fromRoute(each.route);
    }
    if (path.charCodeAt(0) !== 47) return RouteResult.fromRouteFailure(null);

    const found = this.shapes.find(toTreePath(path));
    if (found === null) {
      if (literal === undefined) return RouteResult.fromRouteFailure(null);
    } else {
      const candidates = this.shapes.candidates(found.store, method);
      for (let i = 0; i < candidates.length; i++) {
        const { compiled, readsTreeParams: direct } = candidates[i] as Candidate;
        const params = direct ? readTreeParams(compiled, found.params) : matchParams(compiled, path);
        if (params !== undefined) return RouteResult.fromRoute(compiled.route, params);
      }
    }
    return RouteResult.fromRouteFailure(this.all.allowedMethods(path));
  }

  routeNamed(name: string): Route | undefined {
    const route = this.names.get(name);
    return route !== undefined && route.getName() === name ? route : undefined;
  }
}
