import type { RequestHandler, ServerMiddleware } from '../pipeline/types';
import type { ErrorHandlingMiddleware, ErrorRoutingHandler } from './types';

/** Whether a resolved middleware is error middleware (has `processError`). */
export function isErrorHandling(middleware: unknown): middleware is ErrorHandlingMiddleware {
  return (
    middleware !== null &&
    typeof middleware === 'object' &&
    typeof (middleware as Partial<ErrorHandlingMiddleware>).processError === 'function' &&
    typeof (middleware as Partial<ServerMiddleware>).process === 'function'
  );
}

/** Whether a handler can route an error down the pipe (`handleError`). */
export function isErrorRouting(handler: RequestHandler): handler is ErrorRoutingHandler {
  return typeof (handler as Partial<ErrorRoutingHandler>).handleError === 'function';
}
