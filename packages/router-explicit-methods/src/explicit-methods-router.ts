import {
  generatePath,
  RouteResult,
  unknownRouteError,
  type GenerateUriOptions,
  type MatchInput,
  type Route,
  type Router,
} from '@framework/router-contract';
import { allowedMethods } from './allowed-methods';
import { effectiveMethods } from './effective-methods';
import { KoaBucket, type ExplicitRoute } from './koa-bucket';
import { RouteIndex } from './route-index';
import { isWellFormedPath } from './well-formed-path';

interface Table<M> {
  readonly buckets: RouteIndex<ExplicitRoute<M>, KoaBucket<M>>;
  readonly byName: ReadonlyMap<string, Route<M>>;
}

/**
 * A `Router` over @koa/router 15 that needs every method listed: a route without a method list answers
 * HEAD, OPTIONS, GET, POST, PATCH, PUT, TRACE and DELETE; a route with an empty list answers GET, HEAD
 * and OPTIONS. Case-sensitive, strict about trailing slashes, no HEAD added to GET routes, `tokens`
 * enforced. Routes are compiled at the first `match` or `generateUri` after `addRoute` and indexed so
 * a lookup only hands @koa/router the routes that can match the path.
 *
 * @example
 * const router = new ExplicitMethodsRouter();
 * router.addRoute(new Route('/post/{id}', handler));
 * router.match({ method: 'PURGE', path: '/post/1' }).getAllowedMethods();
 * // ['HEAD', 'OPTIONS', 'GET', 'POST', 'PATCH', 'PUT', 'TRACE', 'DELETE']
 */
export class ExplicitMethodsRouter<Middleware = unknown> implements Router<Middleware> {
  private readonly routes: Route<Middleware>[] = [];
  private table: Table<Middleware> | undefined;

  addRoute(route: Route<Middleware>): void {
    this.routes.push(route);
    this.table = undefined;
  }

  match({ method, path }: MatchInput): RouteResult<Middleware> {
    const { buckets } = this.table ?? this.compile();
    if (path.charCodeAt(0) !== 47 || !isWellFormedPath(path)) return RouteResult.fromRouteFailure(null);
    let success: RouteResult<Middleware> | undefined;
    let pathMatches: ExplicitRoute<Middleware>[] | undefined;
    buckets.visit(path, (bucket) => {
      const { found, pathOnly } = bucket.match(path, method);
      if (pathOnly.length > 0) (pathMatches ??= []).push(...pathOnly);
      if (found === undefined) return false;
      success = RouteResult.fromRoute(found.entry.route, found.params);
      return true;
    });
    if (success !== undefined) return success;
    return RouteResult.fromRouteFailure(pathMatches === undefined ? null : allowedMethods(pathMatches));
  }

  /** Builds a path with the contract's `generatePath` (see the README for why not @koa/router's `url()`). */
  generateUri(
    name: string,
    params?: Readonly<Record<string, unknown>>,
    _options?: GenerateUriOptions,
  ): string {
    const route = (this.table ?? this.compile()).byName.get(name);
    if (route === undefined) throw unknownRouteError(name);
    return generatePath(route, params);
  }

  private compile(): Table<Middleware> {
    const entries = this.routes.map((route, order) => ({
      route,
      order,
      methods: effectiveMethods(route.getAllowedMethods()),
    }));
    const byName = new Map<string, Route<Middleware>>();
    for (const { route } of entries) if (!byName.has(route.getName())) byName.set(route.getName(), route);
    this.table = {
      buckets: new RouteIndex(
        entries,
        (entry) => entry.route.template,
        (bucket) => new KoaBucket(bucket),
      ),
      byName,
    };
    return this.table;
  }
}
