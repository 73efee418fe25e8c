import type { ServerRequest } from '../http/server-request';
import { trust } from '../pipeline/ensure-response';
import type { RequestHandler, ServerMiddleware } from '../pipeline/types';
import { type AnyResponse, isPromiseLike, type MaybePromise } from '../response/any-response';
import { errorResponse, statusOfError } from '../response/error-response';
import { recordServerError } from '../logging/server-error-record';

/** Options of the error handler. */
export interface ErrorHandlerOptions {
  /** Show messages and stack traces in error answers (default false). */
  readonly development?: boolean;
  /**
   * Called with every error that becomes a 5xx answer. Default: the request's log line when the
   * listener logs requests (`run({ logger })`), else `console.error`.
   */
  readonly onError?: (error: unknown, request: ServerRequest) => void;
}

/**
 * Turns an error thrown or rejected further down the pipe into a problem-details answer: the error's
 * `status`/`statusCode` when it is 400-599, else 500. Messages and stacks only in development mode.
 * The application already ends every `handle()` with one; pipe your own to catch errors earlier.
 *
 * @example
 * app.pipe(new ErrorHandlerMiddleware({ development: true, onError: (e) => logger.error(e) }));
 */
export class ErrorHandlerMiddleware implements ServerMiddleware {
  private readonly development: boolean;
  private readonly onError: ((error: unknown, request: ServerRequest) => void) | undefined;

  constructor(options: ErrorHandlerOptions = {}) {
    this.development = options.development === true;
    this.onError = options.onError;
    trust(this);
  }

  // This is the hot path: no allocation unless the rest of the pipe answers with a promise.
  process(request: ServerRequest, handler: RequestHandler): MaybePromise<AnyResponse> {
    try {
      const result = handler.handle(request);
      if (!isPromiseLike(result)) return result;
      return Promise.resolve(result).then(undefined, (error: unknown) => this.render(error, request));
    } catch (error) {
      return this.render(error, request);
    }
  }

  /**
   * The answer for one error (also reports 5xx errors to `onError`). Never throws, whatever was thrown:
   * fields are read guarded, and a failing `onError` is ignored.
   */
  render(error: unknown, request: ServerRequest): AnyResponse {
    if (statusOfError(error) >= 500) {
      const logged = recordServerError(request, error);
      try {
        if (this.onError !== undefined) this.onError(error, request);
        else if (!logged) defaultOnError(error, request);
      } catch {
        // a failing reporter must not hide the original error's answer
      }
    }
    return errorResponse(error, this.development);
  }
}

function defaultOnError(error: unknown, request: ServerRequest): void {
  console.error(`[framework] ${request.method} ${request.originalPath} failed:`, error);
}
