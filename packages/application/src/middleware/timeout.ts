import { ApplicationError } from '../errors/application-error';
import type { ApplicationErrorCode } from '../errors/error-codes';
import type { ServerRequest } from '../http/server-request';
import { trust } from '../pipeline/ensure-response';
import type { RequestHandler, ServerMiddleware } from '../pipeline/types';
import { type AnyResponse, isPromiseLike, type MaybePromise } from '../response/any-response';
import { discardResponse } from '../response/discard-body';
import { problemResponse } from '../response/error-response';
import { describeValue } from '../resolver/describe-middleware';

/**
 * Middleware that answers 503 (problem details, code `FRAMEWORK_ERR_REQUEST_TIMEOUT`) when the rest of
 * the pipeline has not answered within `ms` milliseconds. The late answer, or late error, goes nowhere.
 * Pipe it first, so it also covers the middleware before the handler. A synchronous answer costs
 * nothing; an asynchronous one costs one timer.
 *
 * @example
 * app.pipe(timeout(10_000));
 * app.pipeRoutingMiddleware();
 * app.pipeDispatchMiddleware();
 */
export function timeout(ms: number): ServerMiddleware {
  if (typeof ms !== 'number' || !Number.isInteger(ms) || ms < 1 || ms > MAX_TIMER_DELAY) {
    throw new ApplicationError(
      'FRAMEWORK_ERR_APP_INVALID_OPTION',
      `timeout(ms) needs a whole number of milliseconds from 1 to ${MAX_TIMER_DELAY}, got ${describeValue(ms)}.`,
    );
  }
  return trust(new TimeoutMiddleware(ms));
}

/** Node's largest timer delay; a longer one fires at once. */
const MAX_TIMER_DELAY = 2_147_483_647;

class TimeoutMiddleware implements ServerMiddleware {
  constructor(private readonly ms: number) {}

  process(request: ServerRequest, handler: RequestHandler): MaybePromise<AnyResponse> {
    const result = handler.handle(request);
    if (!isPromiseLike(result)) return result;
    const ms = this.ms;
    return new Promise((resolve, reject) => {
      let late = false;
      const timer = setTimeout(() => {
        late = true;
        resolve(timedOut(ms));
      }, ms);
      // Settling twice is a no-op, so a late failure goes nowhere (and, handled here, is no unhandled
      // rejection); a late answer's body is released.
      result.then(
        (response) => {
          clearTimeout(timer);
          if (late) discardResponse(response);
          else resolve(response);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
  }
}

const TIMEOUT_CODE: ApplicationErrorCode = 'FRAMEWORK_ERR_REQUEST_TIMEOUT';

function timedOut(ms: number): AnyResponse {
  return problemResponse(503, `The request was not answered within ${ms} ms.`, { code: TIMEOUT_CODE });
}
