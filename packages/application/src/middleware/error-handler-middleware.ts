import type { ServerRequest } from '../http/server-request';
import { trust } from '../pipeline/ensure-response';
import type { ErrorBoundary } from '../pipeline/error-boundary';
import type { RequestHandler, ServerMiddleware } from '../pipeline/types';
import { type AnyResponse, isPromiseLike, type MaybePromise } from '../response/any-response';
import { errorResponse, statusOfError } from '../response/error-response';
import { reportServerErrorToConsole } from '../logging/default-error-report';
import { recordServerError } from '../logging/server-error-record';
import { checkOptionKeys, optionKeys } from '../application/option-keys';

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

const ERROR_HANDLER_OPTION_KEYS = optionKeys<ErrorHandlerOptions>({ development: true, onError: true });

/** Request attribute set by a piped `ErrorHandlerMiddleware`: below it, errors propagate to it. */
const ERROR_HANDLER_ATTRIBUTE = 'Framework\\ErrorHandler';

/**
 * Turns an error thrown or rejected further down the pipe into a problem-details answer: the error's
 * `status`/`statusCode` when it is 400-599, else 500. Messages and stacks only in development mode.
 * An application answers errors where they are thrown with its own; pipe one yourself to take over:
 * below it, errors propagate as they are (an outer `try`/`catch` around `handler.handle()` sees them)
 * until they reach it.
 *
 * @example
 * app.pipe(new ErrorHandlerMiddleware({ development: true, onError: (e) => logger.error(e) }));
 */
export class ErrorHandlerMiddleware implements ServerMiddleware, ErrorBoundary {
  private readonly development: boolean;
  private readonly onError: ((error: unknown, request: ServerRequest) => void) | undefined;

  constructor(options: ErrorHandlerOptions = {}) {
    checkOptionKeys('new ErrorHandlerMiddleware()', options, ERROR_HANDLER_OPTION_KEYS);
    this.development = options.development === true;
    this.onError = options.onError;
    trust(this);
  }

  process(request: ServerRequest, handler: RequestHandler): MaybePromise<AnyResponse> {
    return this.guard(request.withAttribute(ERROR_HANDLER_ATTRIBUTE, this), handler);
  }

  /**
   * Runs `handler`, answering what it throws or rejects with; unlike `process()` it does not make the
   * errors below propagate to it (what an application and the listener use).
   */
  // This is the hot path: no allocation unless the rest of the pipe answers with a promise.
  guard(request: ServerRequest, handler: RequestHandler): MaybePromise<AnyResponse> {
    try {
      const result = handler.handle(request);
      if (!isPromiseLike(result)) return result;
      return Promise.resolve(result).then(undefined, (error: unknown) => this.render(error, request));
    } catch (error) {
      return this.render(error, request);
    }
  }

  /** The answer for `error`, unless a piped `ErrorHandlerMiddleware` is above: then `error` is rethrown. */
  recover(error: unknown, request: ServerRequest): AnyResponse {
    if (request.getAttribute(ERROR_HANDLER_ATTRIBUTE) !== undefined) throw error;
    return this.render(error, request);
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
        else if (!logged) reportServerErrorToConsole(error, request);
      } catch {
        // a failing reporter must not hide the original error's answer
      }
    }
    return errorResponse(error, this.development);
  }
}
