import { MatchTable, RouteResult, type Route } from '@framework/router-contract';
import { allowsMethod, compileRoute, matchParams, type CompiledRoute } from './compiled-route';
import { ShapeIndex, toTreePath } from './shape-index';

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

/**
 * The compiled form of a route list. Literal routes are looked up in a map; placeholder routes in a
 * find-my-way tree per listed method (routes without a method list are in every tree), which gives
 * the routes that may match the path in the contract's precedence (see `ShapeIndex`): the first that
 * matches answers. A method failure asks the contract's `MatchTable` for the methods of every route
 * matching the path.
 */
export class RouteTable {
  private readonly literal = new Map<string, CompiledRoute[]>();
  private readonly byMethod = new Map<string, ShapeIndex>();
  private readonly anyMethod = new ShapeIndex();
  private readonly all: MatchTable;
  private readonly names = new Map<string, Route>();

  constructor(routes: readonly Route[], maxParamLength: number) {
    const compiled = routes.map((route, index) => compileRoute(route, index, maxParamLength));
    const listedMethods = new Set<string>();
    for (const each of compiled) for (const method of each.methods ?? []) listedMethods.add(method);
    for (const method of listedMethods) this.byMethod.set(method, new ShapeIndex());

    for (const each of compiled) {
      if (!this.names.has(each.route.getName())) this.names.set(each.route.getName(), each.route);
      if (each.isStatic) {
        pushTo(this.literal, each.route.getPath(), each);
        continue;
      }
      if (each.methods === null) {
        this.anyMethod.add(each);
        for (const index of this.byMethod.values()) index.add(each);
      } else {
        for (const method of each.methods) this.byMethod.get(method)?.add(each);
      }
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

    const treePath = toTreePath(path);
    const candidates = (this.byMethod.get(method) ?? this.anyMethod).find(treePath);
    if (candidates !== null) {
      for (let i = 0; i < candidates.length; i++) {
        const each = candidates[i] as CompiledRoute;
        const params = matchParams(each, path);
        if (params !== undefined) return RouteResult.fromRoute(each.route, params);
      }
    }
    return RouteResult.fromRouteFailure(this.all.allowedMethods(path));
  }

  routeNamed(name: string): Route | undefined {
    const route = this.names.get(name);
    return route !== undefined && route.getName() === name ? route : undefined;
  }
}
