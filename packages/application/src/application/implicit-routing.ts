import type { Router } from '@framework/router-contract';
import type { ServerRequest } from '../http/server-request';
import { DispatchMiddleware } from '../middleware/dispatch-middleware';
import type { RouteMiddlewareCache } from '../middleware/route-middleware-cache';
import { RoutingGroupMiddleware } from '../middleware/routing-group';
import type { ErrorBoundary } from '../pipeline/error-boundary';
import { MiddlewarePipe } from '../pipeline/middleware-pipe';
import type { RequestHandler } from '../pipeline/types';
import type { AnyResponse, MaybePromise } from '../response/any-response';

/**
 * Routing by default: the routing group (routing, implicit HEAD and OPTIONS, 405) and dispatch at the
 * end of the pipe of an application that `applies()` to, run as a pipe of their own with the
 * application's error boundary, so errors are answered where they are thrown, as when piped.
 */
export class ImplicitRouting {
  /** The end of the application's pipe for `handle()`: routing and dispatch when they apply, then 404. */
  readonly end: RequestHandler;
  private readonly pipe: MiddlewarePipe;

  constructor(
    router: Router,
    routes: RouteMiddlewareCache,
    notFound: RequestHandler,
    errors: ErrorBoundary,
    private readonly applies: () => boolean,
  ) {
    this.pipe = new MiddlewarePipe({ notFound, errors })
      .pipe(new RoutingGroupMiddleware(router))
      .pipe(new DispatchMiddleware(routes));
    this.end = {
      handle: (request) => (this.applies() ? this.pipe.handle(request) : notFound.handle(request)),
    };
  }

  /**
   * The handler a mounted application's pipe ends in: routing and dispatch when they apply (errors
   * propagate, as in every mounted pipe), then the caller's `handler`.
   */
  before(handler: RequestHandler): RequestHandler {
    return this.applies() ? new RoutingBefore(this.pipe, handler) : handler;
  }
}

class RoutingBefore implements RequestHandler {
  constructor(
    private readonly pipe: MiddlewarePipe,
    private readonly handler: RequestHandler,
  ) {}

  handle(request: ServerRequest): MaybePromise<AnyResponse> {
    return this.pipe.process(request, this.handler);
  }
}
