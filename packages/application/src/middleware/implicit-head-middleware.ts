import type { Router } from '@framework/router-contract';
import type { ServerRequest } from '../http/server-request';
import { trust } from '../pipeline/ensure-response';
import type { RequestHandler, ServerMiddleware } from '../pipeline/types';
import { type AnyResponse, isPromiseLike, type MaybePromise } from '../response/any-response';
import { EmptyResponse } from '../response/empty-response';
import { dropBody } from './drop-body';
import { routeResultOf } from './route-result-of';

const EMPTY_LENGTH = { 'content-length': '0' } as const;

/** Attribute set to `'HEAD'` when a HEAD request is answered by the GET route. */
export const FORWARDED_HTTP_METHOD_ATTRIBUTE = 'forwarded_http_method';

/**
 * Answers HEAD for paths that have no HEAD route: runs the GET route (request method `GET`, attribute
 * `forwarded_http_method: 'HEAD'`) and drops the body, keeping status and headers; a path without a
 * GET route answers an empty 200 (`Content-Length: 0`). Pipe it after the routing middleware.
 *
 * @example
 * pipe.pipe(new RoutingMiddleware(router)).pipe(new ImplicitHeadMiddleware(router));
 */
export class ImplicitHeadMiddleware implements ServerMiddleware {
  constructor(private readonly router: Router) {
    trust(this);
  }

  process(request: ServerRequest, handler: RequestHandler): MaybePromise<AnyResponse> {
    if (request.method !== 'HEAD') return handler.handle(request);
    const result = routeResultOf(request);
    if (result === undefined || !result.isMethodFailure()) return handler.handle(request);
    const getResult = this.router.match({ method: 'GET', path: request.path });
    if (!getResult.isSuccess()) return new EmptyResponse({ status: 200, headers: EMPTY_LENGTH });
    const forwarded = request
      .withMethod('GET')
      .withAttribute(FORWARDED_HTTP_METHOD_ATTRIBUTE, 'HEAD')
      .withRouteResult(getResult);
    const response = handler.handle(forwarded);
    return isPromiseLike(response) ? response.then(dropBody) : dropBody(response);
  }
}
