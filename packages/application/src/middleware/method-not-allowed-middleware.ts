import type { ServerRequest } from '../http/server-request';
import { trust } from '../pipeline/ensure-response';
import type { RequestHandler, ServerMiddleware } from '../pipeline/types';
import type { AnyResponse, MaybePromise } from '../response/any-response';
import { problemResponse } from '../response/error-response';
import { allowHeader } from './allow-header';
import { routeResultOf } from './route-result-of';

/**
 * Answers 405 when the path exists under other methods, with one comma-joined `Allow` header and a
 * problem-details body. Pipe it after the implicit HEAD and OPTIONS middleware.
 *
 * @example
 * pipe.pipe(new RoutingMiddleware(router)).pipe(new MethodNotAllowedMiddleware());
 */
export class MethodNotAllowedMiddleware implements ServerMiddleware {
  constructor() {
    trust(this);
  }

  process(request: ServerRequest, handler: RequestHandler): MaybePromise<AnyResponse> {
    const result = routeResultOf(request);
    if (result === undefined || !result.isMethodFailure()) return handler.handle(request);
    const allow = allowHeader(result.getAllowedMethods() ?? []);
    return problemResponse(
      405,
      `${request.method} is not allowed on ${request.originalPath}; allowed: ${allow}.`,
      {
        headers: { allow },
      },
    );
  }
}
