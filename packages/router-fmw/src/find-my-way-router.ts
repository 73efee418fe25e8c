import {
  generatePath,
  unknownRouteError,
  type GenerateUriOptions,
  type MatchInput,
  type Route,
  type RouteResult,
  type Router,
  type RouterCapabilities,
} from '@framework/router-contract';
import { resolveOptions, type FindMyWayRouterOptions, type ResolvedOptions } from './options';
import { RouteTable } from './route-table';

/**
 * A `Router` over find-my-way's radix tree. Supports `tokens`; answers any method (custom ones too)
 * for a route without a method list. Routes are stored by `addRoute` and compiled at the next
 * `match`/`generateUri`.
 *
 * Precedence: the contract's (`comparePrecedence`): segment by segment, a literal segment before a
 * segment with placeholders, more literal text first between those (`{id}.json`, `v{n}`, `{x}`);
 * routes of the same shape in registration order.
 *
 * @example
 * import { Route } from '@framework/router-contract';
 * import { FindMyWayRouter } from '@framework/router-fmw';
 *
 * const router = new FindMyWayRouter({ maxParamLength: 200 });
 * router.addRoute(new Route('/post/{id}', handler, ['GET']).setOptions({ tokens: { id: '\\d+' } }));
 * router.match({ method: 'GET', path: '/post/12' }).getMatchedParams(); // { id: '12' }
 */
export class FindMyWayRouter<Middleware = unknown> implements Router<Middleware> {
  /** Inline constraints (`/notes/{id:\d+}`) route as the same `tokens`. */
  readonly capabilities: RouterCapabilities = { inlineConstraints: true };
  private readonly options: ResolvedOptions;
  private readonly routes: Route<Middleware>[] = [];
  private table: RouteTable | undefined;

  constructor(options?: FindMyWayRouterOptions) {
    this.options = resolveOptions(options);
  }

  addRoute(route: Route<Middleware>): void {
    this.routes.push(route);
    this.table = undefined;
  }

  match(request: MatchInput): RouteResult<Middleware> {
    return this.compiled().match(request.method, request.path) as RouteResult<Middleware>;
  }

  generateUri(
    name: string,
    params?: Readonly<Record<string, unknown>>,
    _options?: GenerateUriOptions,
  ): string {
    const route = this.compiled().routeNamed(name) ?? this.routes.find((each) => each.getName() === name);
    if (route === undefined) throw unknownRouteError(name);
    return generatePath(route, params);
  }

  private compiled(): RouteTable {
    if (this.table === undefined)
      this.table = new RouteTable(this.routes as Route[], this.options.maxParamLength);
    return this.table;
  }
}
