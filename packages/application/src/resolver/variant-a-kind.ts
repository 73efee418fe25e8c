import { isClass } from './describe-middleware';
import { middlewareKind } from './markers';

/**
 * Which Variant A form `value` is, by the one rule both variants apply: a `doublePass(fn)` or
 * `errorMiddleware(fn)` marker, or a plain function (not a class) by its arity, 3 parameters for
 * double-pass and 4 for error middleware. `undefined` for any other value.
 */
export function variantAKind(value: unknown): 'double-pass' | 'error' | undefined {
  const marked = middlewareKind(value);
  if (marked !== undefined || typeof value !== 'function' || isClass(value)) return marked;
  if (value.length === 3) return 'double-pass';
  return value.length === 4 ? 'error' : undefined;
}
