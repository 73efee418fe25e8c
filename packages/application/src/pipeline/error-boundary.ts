import type { ServerRequest } from '../http/server-request';
import type { AnyResponse } from '../response/any-response';

/**
 * Where an application turns an error into an answer: at the pipe level where it was thrown, so every
 * middleware above that level sees a response. `recover` rethrows instead when the request passed
 * through an `ErrorHandlerMiddleware` the user piped: below it, errors propagate to it as they are.
 */
export interface ErrorBoundary {
  /** The answer for `error`; throws `error` again while a user's `ErrorHandlerMiddleware` is above. */
  recover(error: unknown, request: ServerRequest): AnyResponse;
}
