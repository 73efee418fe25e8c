import type { ServerRequest } from '../http/server-request';
import { trust } from '../pipeline/ensure-response';
import type { RequestHandler, ServerMiddleware } from '../pipeline/types';
import type { AnyResponse, MaybePromise } from '../response/any-response';

/**
 * Sets the body limit (bytes) of the body readers for the rest of the pipe; over it, `text()`,
 * `json()` and `arrayBuffer()` reject with a 413 error.
 *
 * @example
 * app.pipe('/upload', new BodyLimitMiddleware(50 * 1024 * 1024));
 */
export class BodyLimitMiddleware implements ServerMiddleware {
  constructor(private readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 0)
      throw new RangeError('The body limit must be a whole number of bytes.');
    trust(this);
  }

  process(request: ServerRequest, handler: RequestHandler): MaybePromise<AnyResponse> {
    return handler.handle(request.withBodyLimit(this.limit));
  }
}
