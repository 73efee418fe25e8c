import type { ServerRequest } from '../http/server-request';
import {
  belowPrefix,
  isUnderPrefix,
  PathMiddleware,
  PathRestoringHandler,
} from '../pipeline/path-middleware';
import type { RequestHandler } from '../pipeline/types';
import type { AnyResponse, MaybePromise } from '../response/any-response';
import { isErrorRouting } from './is-error-handling';
import type { ErrorHandlingMiddleware, ErrorRoutingHandler } from './types';

/**
 * Error middleware limited to a path prefix (`pipe('/api', errorMiddleware(fn))`): an error raised for
 * a request under the prefix reaches it with the prefix removed; any other error is passed on.
 */
export class PathErrorMiddleware extends PathMiddleware implements ErrorHandlingMiddleware {
  constructor(
    prefix: string,
    override readonly middleware: ErrorHandlingMiddleware,
  ) {
    super(prefix, middleware);
  }

  override process(request: ServerRequest, handler: RequestHandler): MaybePromise<AnyResponse> {
    return handler.handle(request);
  }

  processError(error: unknown, request: ServerRequest, handler: RequestHandler): MaybePromise<AnyResponse> {
    const path = request.path;
    if (!isUnderPrefix(path, this.prefix)) throw error;
    const inner = belowPrefix(request, this.prefix);
    const restoring = new PathRestoringErrorHandler(handler, path, request.basePath);
    return this.middleware.processError(error, inner, restoring);
  }
}

/** Hands the outer path back when the error middleware continues, with or without the error. */
class PathRestoringErrorHandler extends PathRestoringHandler implements ErrorRoutingHandler {
  handleError(error: unknown, request: ServerRequest): MaybePromise<AnyResponse> {
    if (!isErrorRouting(this.next)) throw error;
    return this.next.handleError(error, request.withPath(this.path, this.basePath));
  }
}
