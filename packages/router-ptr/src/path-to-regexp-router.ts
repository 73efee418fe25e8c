import {
  RouteResult,
  unknownRouteError,
  type GenerateUriOptions,
  type MatchInput,
  type Route,
  type Router,
} from '@framework/router-contract';
import { allowedMethods } from './allowed-methods';
import { compileRoute, type CompiledRoute } from './compiled-route';
import { RouteIndex } from './route-index';
import { uriParams } from './uri-params';
import { isWellFormedPath } from './well-formed-path';

interface Table<M> {
  readonly index: RouteIndex<CompiledRoute<M>, readonly CompiledRoute<M>[]>;
  readonly byName: ReadonlyMap<string, CompiledRoute<M>>;
}

/**
 * A `Router` over path-to-regexp 8: case-sensitive, strict about trailing slashes, `tokens` enforced
 * (a route whose token rejects a value gives way to the next candidate). Routes are compiled at the
 * first `match` or `generateUri` after `addRoute`, and indexed so a lookup only tries the routes that
 * can match the path.
 *
 * @example
 * const router = new PathToRegexpRouter();
 * router.addRoute(new Route('/post/{id}', handler, ['GET']).setOptions({ tokens: { id: '\\d+' } }));
 * router.match({ method: 'GET', path: '/post/12' }).getMatchedParams(); // { id: '12' }
 * router.generateUri('/post/{id}^GET', { id: 12 }); // '/post/12'
 */
export class PathToRegexpRouter<Middleware = unknown> implements Router<Middleware> {
  private readonly routes: Route<Middleware>[] = [];
  private table: Table<Middleware> | undefined;

  addRoute(route: Route<Middleware>): void {
    this.routes.push(route);
    this.table = undefined;
  }

  match({ method, path }: MatchInput): RouteResult<Middleware> {
    const { index } = this.table ?? this.compile();
    if (path.charCodeAt(0) !== 47 || !isWellFormedPath(path)) return RouteResult.fromRouteFailure(null);
    let success: RouteResult<Middleware> | undefined;
    let pathMatches: CompiledRoute<Middleware>[] | undefined;
    index.visit(path, (bucket) => {
      for (const entry of bucket) {
        const params = entry.matchPath(path);
        if (params === undefined) continue;
        if (entry.methods === null || entry.methods.includes(method)) {
          success = RouteResult.fromRoute(entry.route, params);
          return true;
        }
        (pathMatches ??= []).push(entry);
      }
      return false;
    });
    if (success !== undefined) return success;
    return RouteResult.fromRouteFailure(pathMatches === undefined ? null : allowedMethods(pathMatches));
  }

  generateUri(
    name: string,
    params: Readonly<Record<string, unknown>> = {},
    _options?: GenerateUriOptions,
  ): string {
    const entry = (this.table ?? this.compile()).byName.get(name);
    if (entry === undefined) throw unknownRouteError(name);
    return entry.buildPath(uriParams(entry.route, params));
  }

  private compile(): Table<Middleware> {
    const compiled = this.routes.map((route, order) => compileRoute(route, order));
    const byName = new Map<string, CompiledRoute<Middleware>>();
    for (const entry of compiled)
      if (!byName.has(entry.route.getName())) byName.set(entry.route.getName(), entry);
    this.table = { index: new RouteIndex(compiled, templateOf, (bucket) => bucket), byName };
    return this.table;
  }
}

function templateOf(entry: CompiledRoute<unknown>) {
  return entry.route.template;
}
