import type { RouteParams, ServerRequest } from '../http/server-request';
import type { Middleware, MiddlewareFunction, RequestHandler } from '../pipeline/types';
import type { AnyResponse, MaybePromise } from '../response/any-response';
import type { DoublePassMiddleware, ErrorMiddleware } from '../resolver/markers';

/**
 * A handler object for a route whose template yields `Params`. `handle` is a property type, not a
 * method, so TypeScript checks its request parameter strictly: a class whose `handle` expects
 * `ServerRequest<PathParams<'/users/{id}'>>` does not fit `/users/{slug}`.
 */
export interface RouteHandler<Params extends RouteParams = RouteParams> {
  /** Answers the matched request. */
  readonly handle: (request: ServerRequest<Params>) => MaybePromise<AnyResponse>;
}

/** A middleware object for a route whose template yields `Params`, checked like `RouteHandler`. */
export interface RouteServerMiddleware<Params extends RouteParams = RouteParams> {
  /** Answers the matched request, or delegates to `handler`. */
  readonly process: (request: ServerRequest<Params>, handler: RequestHandler) => MaybePromise<AnyResponse>;
}

/** A class the resolver instantiates with `new` for a route whose template yields `Params`. */
export type RouteMiddlewareClass<Params extends RouteParams = RouteParams> = new () =>
  RouteHandler<Params> | RouteServerMiddleware<Params>;

/**
 * What `route()` and the verb methods accept for a route whose template yields `Params`: the forms of
 * `Middleware`, with the request of functions, handler objects, middleware objects and classes typed
 * from the template, so a handler written for other params is a compile error.
 *
 * @example
 * class ShowUser implements RouteHandler<PathParams<'/users/{id}'>> {
 *   handle = (request: ServerRequest<PathParams<'/users/{id}'>>) => new JsonResponse({ id: request.params.id });
 * }
 * app.get('/users/{id}', new ShowUser()); // compiles
 * app.get('/users/{slug}', new ShowUser()); // error: property 'id' is missing
 */
export type RouteMiddleware<Params extends RouteParams = RouteParams> =
  | MiddlewareFunction<Params>
  | RouteHandler<Params>
  | RouteServerMiddleware<Params>
  | RouteMiddlewareClass<Params>
  | string
  | DoublePassMiddleware
  | ErrorMiddleware
  | readonly Middleware[];
