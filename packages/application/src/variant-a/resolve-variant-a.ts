import type { ServerMiddleware } from '../pipeline/types';
import { variantAKind } from '../resolver/variant-a-kind';
import { DoublePassAdapter } from './double-pass-adapter';
import { ErrorMiddlewareAdapter } from './error-middleware-adapter';
import type { DoublePassFunction, ErrorMiddlewareFunction } from './types';

/**
 * The Variant A forms: `doublePass(fn)` and `errorMiddleware(fn)` markers, and plain functions by
 * arity (3 parameters: double-pass, 4: error middleware). `undefined` for anything else, and for a
 * marker whose callable is not a function (the resolver reports it).
 */
export function resolveVariantA(value: unknown): ServerMiddleware | undefined {
  const kind = variantAKind(value);
  if (kind === undefined) return undefined;
  const callable = typeof value === 'function' ? value : (value as { callable?: unknown }).callable;
  if (typeof callable !== 'function') return undefined;
  return kind === 'error'
    ? new ErrorMiddlewareAdapter(callable as ErrorMiddlewareFunction)
    : new DoublePassAdapter(callable as DoublePassFunction);
}
