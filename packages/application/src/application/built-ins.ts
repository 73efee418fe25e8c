import type { Router } from '@framework/router-contract';
import { DispatchMiddleware } from '../middleware/dispatch-middleware';
import type { RouteMiddlewareCache } from '../middleware/route-middleware-cache';
import { RoutingGroupMiddleware } from '../middleware/routing-group';
import type { MiddlewareResolver } from '../resolver/middleware-resolver';

/** Name standing for the routing middleware group (`Application.ROUTING_MIDDLEWARE`). */
export const ROUTING_MIDDLEWARE = 'Framework\\Router\\Middleware\\RouteMiddleware';

/** Name standing for the dispatch middleware (`Application.DISPATCH_MIDDLEWARE`). */
export const DISPATCH_MIDDLEWARE = 'Framework\\Router\\Middleware\\DispatchMiddleware';

/** Makes the two constants resolve, in `pipe()` and in nested arrays, to the application's built-ins. */
export function defineRoutingBuiltIns(
  resolver: MiddlewareResolver,
  router: Router,
  routes: RouteMiddlewareCache,
): void {
  resolver.defineBuiltIn(ROUTING_MIDDLEWARE, new RoutingGroupMiddleware(router));
  resolver.defineBuiltIn(DISPATCH_MIDDLEWARE, new DispatchMiddleware(routes));
}
