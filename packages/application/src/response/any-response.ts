import { LightResponse } from './light-response';
import { isValidStatus } from './valid-status';

/** What handlers return: a lightweight response or any WHATWG `Response`. */
export type AnyResponse = LightResponse | Response;

/** A value, or a promise of it. Handlers and middleware may answer synchronously. */
export type MaybePromise<T> = T | Promise<T>;

/**
 * True for a lightweight response or anything shaped like a WHATWG `Response` (a `status` that is an
 * integer from 200 to 599, and `headers` with `get`), so responses from another copy of undici are
 * accepted too. A response-like object with any other status is not a response.
 */
export function isResponse(value: unknown): value is AnyResponse {
  if (value instanceof LightResponse) return true;
  if (value === null || typeof value !== 'object') return false;
  const candidate = value as { status?: unknown; headers?: { get?: unknown } | null };
  return isValidStatus(candidate.status) && typeof candidate.headers?.get === 'function';
}

export function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null && typeof value === 'object' && typeof (value as { then?: unknown }).then === 'function'
  );
}
