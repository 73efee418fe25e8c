import type { ServerRequest } from '../http/server-request';
import { ensureResponse, trust } from '../pipeline/ensure-response';
import { markStage } from '../pipeline/routing-stage';
import type { RequestHandler, ServerMiddleware } from '../pipeline/types';
import type { AnyResponse, MaybePromise } from '../response/any-response';
import type { MiddlewareResolver } from '../resolver/middleware-resolver';
import { RouteMiddlewareCache } from './route-middleware-cache';
import { routeResultOf } from './route-result-of';

/**
 * Runs the matched route's middleware (resolved through the resolver on first use), giving it the rest
 * of the pipe as its handler. Without a successful `RouteResult` it passes the request on.
 *
 * @example
 * pipe.pipe(new RoutingMiddleware(router)).pipe(new DispatchMiddleware(new MiddlewareResolver(container)));
 */
export class DispatchMiddleware implements ServerMiddleware {
  private readonly cache: RouteMiddlewareCache;

  constructor(resolver: MiddlewareResolver | RouteMiddlewareCache) {
    this.cache = resolver instanceof RouteMiddlewareCache ? resolver : new RouteMiddlewareCache(resolver);
    trust(this);
    markStage(this, 'dispatch');
  }

  // This is the hot path.
  process(request: ServerRequest, handler: RequestHandler): MaybePromise<AnyResponse> {
    const route = routeResultOf(request)?.getMatchedRoute();
    if (route === undefined) return handler.handle(request);
    const entry = this.cache.entryFor(route);
    const result = entry.middleware.process(request, handler);
    return entry.checked ? ensureResponse(result, entry.label) : result;
  }
}
