import { decodePathParam, RouteResult, type Router } from '@framework/router-contract';
import { ApplicationError } from '../errors/application-error';
import type { ServerRequest } from '../http/server-request';
import { trust } from '../pipeline/ensure-response';
import { markStage } from '../pipeline/routing-stage';
import { markRoutingStep, type RoutingStep } from '../pipeline/routing-step';
import type { RequestHandler } from '../pipeline/types';
import type { AnyResponse, MaybePromise } from '../response/any-response';

/**
 * Matches the request against the router and passes it on with the `RouteResult` (attribute
 * `ROUTE_RESULT_ATTRIBUTE`) and each param as attributes. A malformed `%` escape is a 400 error here,
 * before the router sees the path, and so is a request target that is neither a path nor an http(s)
 * URL; `OPTIONS *` matches no route (a 404 unless a middleware answers it).
 *
 * @example
 * pipe.pipe(new RoutingMiddleware(router)).pipe(new DispatchMiddleware(resolver));
 */
export class RoutingMiddleware implements RoutingStep {
  constructor(private readonly router: Router) {
    trust(this);
    markStage(this, 'routing');
    // A subclass may change what process() does, so only this class is routed inline.
    if (new.target === RoutingMiddleware) markRoutingStep(this);
  }

  // This is the hot path: change with care.
  process(request: ServerRequest, handler: RequestHandler): MaybePromise<AnyResponse> {
    return handler.handle(this.route(request));
  }

  /** The request with the router's answer attached (it always passes on). */
  route(request: ServerRequest): ServerRequest {
    return request.withRouteResult(this.match(request));
  }

  /** The router's answer for the request's method and path (a 400 error for a malformed escape). */
  // This is the hot path: change with care.
  match(request: ServerRequest): RouteResult {
    const path = request.path;
    if (path.charCodeAt(0) !== 47 /* / */) return notAPath(request);
    if (decodePathParam(path) === undefined) {
      throw new ApplicationError(
        'FRAMEWORK_ERR_REQUEST_MALFORMED_URL',
        `The request path ${JSON.stringify(request.originalPath)} holds a malformed percent-escape. Encode "%" as "%25".`,
      );
    }
    return this.router.match({ method: request.method, path });
  }
}

/** `OPTIONS *` matches nothing; any other target that is not a path is malformed. */
function notAPath(request: ServerRequest): RouteResult {
  if (request.path === '*' && request.method === 'OPTIONS') return RouteResult.fromRouteFailure(null);
  throw new ApplicationError(
    'FRAMEWORK_ERR_REQUEST_MALFORMED_URL',
    `The request target ${JSON.stringify(request.originalPath)} is neither a path ("/...") nor an http(s) URL ` +
      '("*" is accepted with OPTIONS only).',
  );
}
