import type { RouteResult, Router } from '@framework/router-contract';
import { ApplicationError } from '../errors/application-error';
import type { ServerRequest } from '../http/server-request';
import { hasMalformedEscape } from '../http/split-target';
import { trust } from '../pipeline/ensure-response';
import type { RequestHandler, ServerMiddleware } from '../pipeline/types';
import type { AnyResponse, MaybePromise } from '../response/any-response';

/**
 * Matches the request against the router and passes it on with the `RouteResult` (attribute
 * `ROUTE_RESULT_ATTRIBUTE`) and each param as attributes. A malformed `%` escape is a 400 error here,
 * before the router sees the path.
 *
 * @example
 * pipe.pipe(new RoutingMiddleware(router)).pipe(new DispatchMiddleware(resolver));
 */
export class RoutingMiddleware implements ServerMiddleware {
  constructor(private readonly router: Router) {
    trust(this);
  }

  // This is the hot path: change with care.
  process(request: ServerRequest, handler: RequestHandler): MaybePromise<AnyResponse> {
    return handler.handle(request.withRouteResult(this.match(request)));
  }

  /** The router's answer for the request's method and path (a 400 error for a malformed escape). */
  // This is the hot path: change with care.
  match(request: ServerRequest): RouteResult {
    const path = request.path;
    if (hasMalformedEscape(path)) {
      throw new ApplicationError(
        'FRAMEWORK_ERR_REQUEST_MALFORMED_URL',
        `The request path ${JSON.stringify(request.originalPath)} holds a malformed percent-escape. Encode "%" as "%25".`,
      );
    }
    return this.router.match({ method: request.method, path });
  }
}
