import { decodePathParam } from '../generate-path';
import type { Route } from '../route';
import { RouteResult } from '../route-result';
import { MatchTable, type MatchableRoute } from './match-table';

interface Compiled<M, C> {
  readonly table: MatchTable<M>;
  readonly byName: ReadonlyMap<string, C>;
}

/**
 * The stored routes of an adapter whose library matches one route at a time, with the contract's
 * lifecycle: `add` only stores; the routes are compiled (`compile`, once per route) and indexed in a
 * `MatchTable` at the first `match` or `named` after a change, so options set on a route after
 * `addRoute` still apply. A path that does not start with `/` or holds a malformed `%` escape is a
 * plain failure without a lookup.
 *
 * @example
 * class MyRouter implements Router {
 *   private readonly routes = new IndexedRoutes((route) => new MyCompiledRoute(route));
 *   addRoute(route: Route) { this.routes.add(route); }
 *   match({ method, path }: MatchInput) { return this.routes.match(method, path); }
 *   generateUri(name: string, params?: Record<string, unknown>) {
 *     const route = this.routes.named(name);
 *     if (route === undefined) throw unknownRouteError(name);
 *     return generatePath(route.route, params);
 *   }
 * }
 */
export class IndexedRoutes<M, C extends MatchableRoute<M>> {
  private readonly routes: Route<M>[] = [];
  private compiled: Compiled<M, C> | undefined;

  constructor(private readonly compile: (route: Route<M>) => C) {}

  /** Stores a route; the next lookup compiles the table again. */
  add(route: Route<M>): void {
    this.routes.push(route);
    this.compiled = undefined;
  }

  /** The result for `method` and `path`: the route that matches first, a method failure or a plain failure. */
  // This is the hot path of every lookup: change with care.
  match(method: string, path: string): RouteResult<M> {
    const { table } = this.compiled ?? this.compileAll();
    if (path.charCodeAt(0) !== 47 || (path.indexOf('%') !== -1 && decodePathParam(path) === undefined))
      return RouteResult.fromRouteFailure(null);
    return table.match(method, path);
  }

  /** The compiled form of the first route carrying this name, or `undefined`. */
  named(name: string): C | undefined {
    return (this.compiled ?? this.compileAll()).byName.get(name);
  }

  private compileAll(): Compiled<M, C> {
    const compiled = this.routes.map(this.compile);
    const byName = new Map<string, C>();
    for (const each of compiled)
      if (!byName.has(each.route.getName())) byName.set(each.route.getName(), each);
    this.compiled = { table: new MatchTable(compiled), byName };
    return this.compiled;
  }
}
