import {
  IndexedRoutes,
  resolveRouterLimits,
  unknownRouteError,
  uriParams,
  type GenerateUriOptions,
  type MatchInput,
  type Route,
  type RouteResult,
  type Router,
  type RouterCapabilities,
  type RouterLimits,
} from '@framework/router-contract';
import { CompiledRoute } from './compiled-route';

/**
 * A `Router` over path-to-regexp 8: case-sensitive, strict about trailing slashes, `tokens` enforced
 * (a route whose token rejects a value gives way to the next candidate). Routes are compiled at the
 * first `match` or `generateUri` after `addRoute`, and indexed (the contract's `IndexedRoutes`, one
 * index per method) so a lookup only runs the expressions of the routes that can match the path.
 * A placeholder value longer than `maxParamLength` (default `DEFAULT_MAX_PARAM_LENGTH`, 100, counted
 * as received) fails the route.
 *
 * @example
 * const router = new PathToRegexpRouter();
 * router.addRoute(new Route('/post/{id}', handler, ['GET']).setOptions({ tokens: { id: '\\d+' } }));
 * router.match({ method: 'GET', path: '/post/12' }).getMatchedParams(); // { id: '12' }
 * router.generateUri('/post/{id}^GET', { id: 12 }); // '/post/12'
 */
export class PathToRegexpRouter<Middleware = unknown> implements Router<Middleware> {
  /** Inline constraints (`/notes/{id:\d+}`) route as the same `tokens`. */
  readonly capabilities: RouterCapabilities = { inlineConstraints: true };
  private readonly routes: IndexedRoutes<Middleware, CompiledRoute<Middleware>>;

  /** Throws `FRAMEWORK_ERR_ROUTER_INVALID_OPTIONS` for an unknown option or a bad `maxParamLength`. */
  constructor(options?: RouterLimits) {
    const { maxParamLength } = resolveRouterLimits(options, 'PathToRegexpRouter');
    this.routes = new IndexedRoutes((route) => new CompiledRoute(route, maxParamLength));
  }

  addRoute(route: Route<Middleware>): void {
    this.routes.add(route);
  }

  match({ method, path }: MatchInput): RouteResult<Middleware> {
    return this.routes.match(method, path);
  }

  /** Builds the path with path-to-regexp's `compile`, after the contract's checks (`uriParams`). */
  generateUri(
    name: string,
    params: Readonly<Record<string, unknown>> = {},
    _options?: GenerateUriOptions,
  ): string {
    const entry = this.routes.named(name);
    if (entry === undefined) throw unknownRouteError(name);
    return entry.buildPath(uriParams(entry.route, params));
  }
}
