import type { ServerRequest } from '../http/server-request';
import type { RequestHandler } from '../pipeline/types';
import type { AnyResponse } from '../response/any-response';
import { problemResponse } from '../response/error-response';

/**
 * The handler at the end of every pipe: 404 with a problem-details body naming method and path.
 *
 * @example
 * new MiddlewarePipe({ notFound: new NotFoundHandler() });
 */
export class NotFoundHandler implements RequestHandler {
  handle(request: ServerRequest): AnyResponse {
    return problemResponse(404, `Cannot ${request.method} ${request.originalPath}`);
  }
}
