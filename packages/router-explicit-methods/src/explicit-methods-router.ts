import {
  IndexedRoutes,
  generatePath,
  resolveRouterLimits,
  unknownRouteError,
  type GenerateUriOptions,
  type MatchInput,
  type Route,
  type RouteResult,
  type Router,
  type RouterCapabilities,
  type RouterLimits,
} from '@framework/router-contract';
import { effectiveMethods } from './effective-methods';
import { createKoaRouter, KoaRoute } from './koa-route';

/**
 * A `Router` over @koa/router 15 that needs every method listed: a route without a method list answers
 * HEAD, OPTIONS, GET, POST, PATCH, PUT, TRACE and DELETE; a route with an empty list answers GET, HEAD
 * and OPTIONS. Case-sensitive, strict about trailing slashes, no HEAD added to GET routes, `tokens`
 * enforced. Routes are compiled at the first `match` or `generateUri` after `addRoute` (one @koa/router
 * layer each) and indexed (the contract's `IndexedRoutes`, one index per method) so a lookup only runs
 * the layers that can match the path. A placeholder value longer than `maxParamLength` (default
 * `DEFAULT_MAX_PARAM_LENGTH`, 100, counted as received) fails the route.
 *
 * @example
 * const router = new ExplicitMethodsRouter();
 * router.addRoute(new Route('/post/{id}', handler));
 * router.match({ method: 'PURGE', path: '/post/1' }).getAllowedMethods();
 * // ['HEAD', 'OPTIONS', 'GET', 'POST', 'PATCH', 'PUT', 'TRACE', 'DELETE']
 */
export class ExplicitMethodsRouter<Middleware = unknown> implements Router<Middleware> {
  /** Inline constraints (`/notes/{id:\d+}`) route as the same `tokens`. */
  readonly capabilities: RouterCapabilities = { inlineConstraints: true };
  private koa = createKoaRouter();
  private readonly routes: IndexedRoutes<Middleware, KoaRoute<Middleware>>;

  /** Throws `FRAMEWORK_ERR_ROUTER_INVALID_OPTIONS` for an unknown option or a bad `maxParamLength`. */
  constructor(options?: RouterLimits) {
    const { maxParamLength } = resolveRouterLimits(options, 'ExplicitMethodsRouter');
    this.routes = new IndexedRoutes(
      (route) => new KoaRoute(route, effectiveMethods(route.getAllowedMethods()), this.koa, maxParamLength),
    );
  }

  addRoute(route: Route<Middleware>): void {
    this.routes.add(route);
    this.koa = createKoaRouter();
  }

  match({ method, path }: MatchInput): RouteResult<Middleware> {
    return this.routes.match(method, path);
  }

  /** Builds a path with the contract's `generatePath` (see the README for why not @koa/router's `url()`). */
  generateUri(
    name: string,
    params?: Readonly<Record<string, unknown>>,
    _options?: GenerateUriOptions,
  ): string {
    const entry = this.routes.named(name);
    if (entry === undefined) throw unknownRouteError(name);
    return generatePath(entry.route, params);
  }
}
