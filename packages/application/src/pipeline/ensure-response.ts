import { ApplicationError } from '../errors/application-error';
import { type AnyResponse, isPromiseLike, isResponse, type MaybePromise } from '../response/any-response';
import { LightResponse } from '../response/light-response';
import { isValidStatus } from '../response/valid-status';
import { describeValue } from '../resolver/describe-middleware';
import type { ServerMiddleware } from './types';

const trusted = new WeakSet<object>();

/** Marks built-in middleware whose results need no check (they pass on checked results). */
export function trust<T extends object>(middleware: T): T {
  trusted.add(middleware);
  return middleware;
}

export function isTrusted(middleware: ServerMiddleware): boolean {
  return trusted.has(middleware);
}

function check(result: unknown, label: string): AnyResponse {
  if (isResponse(result)) return result;
  throw notAResponse(result, label);
}

/** The error for a value that is not a response, naming who returned it (and a bad status, if that is all). */
export function notAResponse(value: unknown, label: string): ApplicationError {
  const status = (value as { status?: unknown } | null | undefined)?.status;
  const what =
    typeof status === 'number' && !isValidStatus(status)
      ? `a response-like object with status ${status}, which is not an integer from 200 to 599`
      : describeValue(value);
  return new ApplicationError(
    'FRAMEWORK_ERR_MIDDLEWARE_NO_RESPONSE',
    `${label} returned ${what} instead of a response. Return a response or handler.handle(request).`,
  );
}

/** Passes a response through; anything else (sync or resolved) becomes an error naming the middleware. */
export function ensureResponse(result: MaybePromise<unknown>, label: string): MaybePromise<AnyResponse> {
  if (result instanceof LightResponse) return result;
  if (isPromiseLike(result)) return Promise.resolve(result).then((value) => check(value, label));
  return check(result, label);
}
