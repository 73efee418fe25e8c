import type { ServerRequest, RouteParams } from '../http/server-request';
import type { RequestHandler, ServerMiddleware } from '../pipeline/types';
import type { AnyResponse, MaybePromise } from '../response/any-response';
import type { WritableResponse } from './writable-response';

/**
 * The `next` a Variant A middleware receives: continues the pipe and resolves to its response.
 * `request` and `response` default to the ones the middleware received; the response is handed to the
 * next double-pass middleware as its prototype. With an `error` (anything but `undefined`/`null`) the
 * error travels down the pipe to the next error middleware instead.
 */
export type Next = (
  request?: ServerRequest,
  response?: WritableResponse,
  error?: unknown,
) => Promise<AnyResponse>;

/** A double-pass middleware (Variant A): `(request, response, next)`, returning a response. */
export type DoublePassFunction<Params extends RouteParams = RouteParams> = (
  request: ServerRequest<Params>,
  response: WritableResponse,
  next: Next,
) => MaybePromise<AnyResponse>;

/** An error middleware (Variant A): `(error, request, response, next)`, run only while an error is active. */
export type ErrorMiddlewareFunction = (
  error: unknown,
  request: ServerRequest,
  response: WritableResponse,
  next: Next,
) => MaybePromise<AnyResponse>;

/**
 * Middleware the pipe treats as error middleware: `process()` (no error active) passes the request on;
 * `processError()` gets the error and may answer, continue with `handler.handle(request)`, or pass the
 * error on by throwing (or rejecting with) it.
 */
export interface ErrorHandlingMiddleware extends ServerMiddleware {
  /** Handles `error` raised earlier in the pipe, or passes it on through `handler`. */
  processError(error: unknown, request: ServerRequest, handler: RequestHandler): MaybePromise<AnyResponse>;
}

/** A "rest of the pipe" handler that can also take an error down to the next error middleware. */
export interface ErrorRoutingHandler extends RequestHandler {
  /** Continues the pipe in error mode with `error`. */
  handleError(error: unknown, request: ServerRequest): MaybePromise<AnyResponse>;
}
