import type { ServerRequest } from '../http/server-request';
import type { RequestHandler } from '../pipeline/types';
import type { AnyResponse, MaybePromise } from '../response/any-response';
import { isErrorRouting } from './is-error-handling';
import { withResponsePrototype } from './response-prototype';
import type { Next } from './types';
import type { WritableResponse } from './writable-response';

/** The `next` of one Variant A middleware call: `handler` is the rest of the pipe. */
export function createNext(
  handler: RequestHandler,
  request: ServerRequest,
  response: WritableResponse,
): Next {
  return (nextRequest = request, nextResponse = response, error) => {
    try {
      const carried = withResponsePrototype(nextRequest, nextResponse);
      const result =
        error === undefined || error === null ? handler.handle(carried) : passOn(handler, error, carried);
      return Promise.resolve(result);
    } catch (thrown) {
      return Promise.reject(thrown);
    }
  };
}

/** Takes `error` to the next error middleware; where the handler cannot, throwing it does the same. */
function passOn(handler: RequestHandler, error: unknown, request: ServerRequest): MaybePromise<AnyResponse> {
  if (isErrorRouting(handler)) return handler.handleError(error, request);
  throw error;
}
