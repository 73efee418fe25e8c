import type { RouteParams } from '../http/server-request';
import { type DoublePassMiddleware, MIDDLEWARE_KIND } from '../resolver/markers';
import { checkCallable } from './check-callable';
import type { DoublePassFunction } from './types';

/**
 * Marks `fn` as double-pass middleware `(request, response, next)` (Variant A), so it works wherever
 * middleware is accepted without relying on `fn.length`. `response` is a writable prototype to fill
 * and return; `await next(request?, response?)` is the rest of the pipe's response.
 *
 * @example
 * app.pipe(doublePass(async (request, response, next) => {
 *   const answer = await next(request, response);
 *   answer.headers.set('x-powered-by', 'framework');
 *   return answer;
 * }));
 * app.get('/', doublePass((request, response) => response.write('Hello world')));
 */
export function doublePass<Params extends RouteParams = RouteParams>(
  fn: DoublePassFunction<Params>,
): DoublePassMiddleware {
  checkCallable('doublePass', fn, '(request, response, next)');
  return Object.freeze({ [MIDDLEWARE_KIND]: 'double-pass' as const, callable: fn });
}
