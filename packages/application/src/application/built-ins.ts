import type { Router } from '@framework/router-contract';
import { DispatchMiddleware } from '../middleware/dispatch-middleware';
import { ImplicitHeadMiddleware } from '../middleware/implicit-head-middleware';
import { ImplicitOptionsMiddleware } from '../middleware/implicit-options-middleware';
import { MethodNotAllowedMiddleware } from '../middleware/method-not-allowed-middleware';
import type { RouteMiddlewareCache } from '../middleware/route-middleware-cache';
import { RoutingMiddleware } from '../middleware/routing-middleware';
import { NestedPipe, pipeEntry } from '../pipeline/pipe-step';
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
  const routing = new NestedPipe([
    pipeEntry(new RoutingMiddleware(router), 'RoutingMiddleware'),
    pipeEntry(new ImplicitHeadMiddleware(router), 'ImplicitHeadMiddleware'),
    pipeEntry(new ImplicitOptionsMiddleware(), 'ImplicitOptionsMiddleware'),
    pipeEntry(new MethodNotAllowedMiddleware(), 'MethodNotAllowedMiddleware'),
  ]);
  resolver.defineBuiltIn(ROUTING_MIDDLEWARE, routing);
  resolver.defineBuiltIn(DISPATCH_MIDDLEWARE, new DispatchMiddleware(routes));
}
