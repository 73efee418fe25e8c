import type { ServerRequest, RouteParams } from '../http/server-request';
import type { AnyResponse, MaybePromise } from '../response/any-response';
import type { DoublePassMiddleware, ErrorMiddleware } from '../resolver/markers';

/**
 * Turns a request into a response (PSR-15 `RequestHandlerInterface`). Inside a pipe it is "the rest of
 * the pipeline". It may answer synchronously: always `await` its result.
 */
export interface RequestHandler {
  /** Answers the request. */
  handle(request: ServerRequest): MaybePromise<AnyResponse>;
}

/** Middleware in resolved form (PSR-15 `MiddlewareInterface`). */
export interface ServerMiddleware {
  /** Answers the request itself, or passes it (possibly changed) to `handler` and returns or changes its answer. */
  process(request: ServerRequest, handler: RequestHandler): MaybePromise<AnyResponse>;
}

/** Middleware written as a function (Variant B): answer, or delegate with `handler.handle(request)`. */
export type MiddlewareFunction<Params extends RouteParams = RouteParams> = (
  request: ServerRequest<Params>,
  handler: RequestHandler,
) => MaybePromise<AnyResponse>;

/** A class the resolver instantiates with `new` (no arguments) when no container provides it. */
export type MiddlewareClass = new () => ServerMiddleware | RequestHandler;

/**
 * Everything `pipe()`, `route()` and the verb methods accept: a function, an object with `process()`,
 * an object with `handle()`, a container service name, a class, an array (a nested pipe), or a
 * Variant A marker made by `doublePass(fn)` or `errorMiddleware(fn)`.
 */
export type Middleware<Params extends RouteParams = RouteParams> =
  | MiddlewareFunction<Params>
  | ServerMiddleware
  | RequestHandler
  | string
  | MiddlewareClass
  | DoublePassMiddleware
  | ErrorMiddleware
  | readonly Middleware[];
