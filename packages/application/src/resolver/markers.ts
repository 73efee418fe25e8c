/**
 * Variant A middleware forms are wrapped explicitly so nobody relies on `fn.length`. These are the
 * marker types; the wrappers `doublePass(fn)` and `errorMiddleware(fn)` and their resolution live in
 * `src/variant-a/` (see README, "Variant A").
 */
export const MIDDLEWARE_KIND: unique symbol = Symbol.for('@framework/application:middleware-kind');

/** A double-pass function `(request, response, next)` (Variant A), wrapped by `doublePass(fn)`. */
export interface DoublePassMiddleware {
  readonly [MIDDLEWARE_KIND]: 'double-pass';
  /** The wrapped function. */
  readonly callable: (...args: any[]) => unknown;
}

/** An error middleware `(error, request, response, next)` (Variant A), wrapped by `errorMiddleware(fn)`. */
export interface ErrorMiddleware {
  readonly [MIDDLEWARE_KIND]: 'error';
  /** The wrapped function. */
  readonly callable: (...args: any[]) => unknown;
}

export function middlewareKind(value: unknown): 'double-pass' | 'error' | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const kind = (value as { [MIDDLEWARE_KIND]?: unknown })[MIDDLEWARE_KIND];
  return kind === 'double-pass' || kind === 'error' ? kind : undefined;
}
