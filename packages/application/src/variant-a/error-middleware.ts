import { type ErrorMiddleware, MIDDLEWARE_KIND } from '../resolver/markers';
import { checkCallable } from './check-callable';
import type { ErrorMiddlewareFunction } from './types';

/**
 * Marks `fn` as error middleware `(error, request, response, next)` (Variant A). It is skipped while
 * no error is active; an error thrown or rejected earlier in the pipe travels down to it. It may
 * answer, continue with `next(request, response)`, or pass the error on with `next(request, response, error)`.
 *
 * @example
 * app.pipeRoutingMiddleware();
 * app.pipeDispatchMiddleware();
 * app.pipe(errorMiddleware((error, request, response) =>
 *   response.withStatus(503).write(`Sorry: ${(error as Error).message}`),
 * ));
 */
export function errorMiddleware(fn: ErrorMiddlewareFunction): ErrorMiddleware {
  checkCallable('errorMiddleware', fn, '(error, request, response, next)');
  return Object.freeze({ [MIDDLEWARE_KIND]: 'error' as const, callable: fn });
}
