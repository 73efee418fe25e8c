import type { ServerRequest } from '../http/server-request';
import { trust } from '../pipeline/ensure-response';
import type { RequestHandler, ServerMiddleware } from '../pipeline/types';
import type { AnyResponse, MaybePromise } from '../response/any-response';
import { EmptyResponse } from '../response/empty-response';
import { allowHeader } from './allow-header';
import { routeResultOf } from './route-result-of';

/**
 * Answers OPTIONS for paths that have no OPTIONS route: 200, empty body, `Allow` listing the path's
 * methods plus HEAD and OPTIONS. Pipe it after the routing middleware.
 *
 * @example
 * pipe.pipe(new RoutingMiddleware(router)).pipe(new ImplicitOptionsMiddleware());
 */
export class ImplicitOptionsMiddleware implements ServerMiddleware {
  constructor() {
    trust(this);
  }

  process(request: ServerRequest, handler: RequestHandler): MaybePromise<AnyResponse> {
    if (request.method !== 'OPTIONS') return handler.handle(request);
    const result = routeResultOf(request);
    if (result === undefined || !result.isMethodFailure()) return handler.handle(request);
    return new EmptyResponse({
      status: 200,
      headers: { allow: allowHeader(result.getAllowedMethods() ?? []) },
    });
  }
}
