import type { PathParams, Route } from '@framework/router-contract';
import type { RouteParams, ServerRequest } from '../http/server-request';
import type { Middleware, RequestHandler } from '../pipeline/types';
import type { AnyResponse, MaybePromise } from '../response/any-response';
import type { DoublePassMiddleware, ErrorMiddleware } from '../resolver/markers';

/** The request of a route with this path template: `request.params` is typed from it. */
export type RouteRequest<Path extends string> = ServerRequest<PathParams<Path>>;

/**
 * What a route's middleware returns: `Answer` (inferred from a handler for the typed client) or a
 * promise of one. The second member keeps `return new Promise((resolve) => …)` typed as a promise of a
 * response while `Answer` is still being inferred (without it the promise would be `Promise<unknown>`).
 */
export type RouteAnswer<Answer> = MaybePromise<Answer> | Promise<NoInfer<AnyResponse>>;

/** Middleware written as a function for a route whose template yields `Params`. */
export type RouteMiddlewareFunction<
  Params extends RouteParams = RouteParams,
  Added = unknown,
  Answer = AnyResponse,
> = (request: ServerRequest<Params> & Added, handler: RequestHandler) => RouteAnswer<Answer>;

/**
 * A handler object for a route whose template yields `Params`. `handle` is a property type, not a
 * method, so TypeScript checks its request parameter strictly: a class whose `handle` expects
 * `ServerRequest<PathParams<'/users/{id}'>>` does not fit `/users/{slug}`.
 */
export interface RouteHandler<
  Params extends RouteParams = RouteParams,
  Added = unknown,
  Answer = AnyResponse,
> {
  /** Answers the matched request. */
  readonly handle: (request: ServerRequest<Params> & Added) => RouteAnswer<Answer>;
}

/** A middleware object for a route whose template yields `Params`, checked like `RouteHandler`. */
export interface RouteServerMiddleware<
  Params extends RouteParams = RouteParams,
  Added = unknown,
  Answer = AnyResponse,
> {
  /** Answers the matched request, or delegates to `handler`. */
  readonly process: (request: ServerRequest<Params> & Added, handler: RequestHandler) => RouteAnswer<Answer>;
}

/** A class the resolver instantiates with `new` for a route whose template yields `Params`. */
export type RouteMiddlewareClass<
  Params extends RouteParams = RouteParams,
  Added = unknown,
  Answer = AnyResponse,
> = new () => RouteHandler<Params, Added, Answer> | RouteServerMiddleware<Params, Added, Answer>;

/**
 * What `route()` and the verb methods accept for a route whose template yields `Params`: the forms of
 * `Middleware`, with the request of functions, handler objects, middleware objects and classes typed
 * from the template (and with what middleware before them in a list add, `Added`), so a handler
 * written for other params is a compile error.
 *
 * @example
 * class ShowUser implements RouteHandler<PathParams<'/users/{id}'>> {
 *   handle = (request: RouteRequest<'/users/{id}'>) => new JsonResponse({ id: request.params.id });
 * }
 * app.get('/users/{id}', new ShowUser()); // compiles
 * app.get('/users/{slug}', new ShowUser()); // error: property 'id' is missing
 */
export type RouteMiddleware<Params extends RouteParams = RouteParams, Added = unknown, Answer = AnyResponse> =
  | RouteMiddlewareFunction<Params, Added, Answer>
  | RouteHandler<Params, Added, Answer>
  | RouteServerMiddleware<Params, Added, Answer>
  | RouteMiddlewareClass<Params, Added, Answer>
  | string
  | DoublePassMiddleware
  | ErrorMiddleware
  | readonly RouteMiddleware<Params, Added>[];

/**
 * Marks middleware that hands the middleware after it in a route's list a request with more on it
 * (`validate()` adds `valid`): they are typed with `ServerRequest<Params> & Added`.
 */
export interface AddsToRequest<Added> {
  /** Types only, never set at run time: what this middleware adds to the request. */
  readonly '~addsToRequest'?: Added;
}

/**
 * What middleware `M` adds to the request (`unknown`, nothing, for most), for a handler written
 * outside the route's list: `(request: RouteRequest<'/notes'> & AddedToRequest<typeof newNote>) => …`.
 */
export type AddedToRequest<M> = M extends AddsToRequest<infer Added> ? Added : unknown;

/** What the entries of a route's middleware list before position `Index` add to the request. */
export type AddedBefore<
  List extends readonly unknown[],
  Index,
  Seen extends unknown[] = [],
> = List extends readonly [infer First, ...infer Rest]
  ? `${Seen['length']}` extends Index
    ? unknown
    : AddedToRequest<First> & AddedBefore<Rest, Index, [...Seen, First]>
  : unknown;

/**
 * A route's middleware list, each entry typed with the route's params and with what the entries before
 * it add to the request: in `[validate({ body }), (request) => …]` the function reads `request.valid`.
 * `List[Index] &` lets TypeScript infer `List` from the array written at the call; the index check
 * keeps an object handler (`{ handle }`) from being read as a list, which would leave it untyped.
 */
export type RouteMiddlewareList<Params extends RouteParams, List extends readonly unknown[]> = {
  readonly [Index in keyof List]: Index extends number | `${number}`
    ? List[Index] & RouteMiddleware<Params, AddedBefore<List, Index>>
    : never;
};

/**
 * What `route()` and the verb methods take: one middleware of a `RouteMiddleware` form, or a list
 * typed entry by entry (`RouteMiddlewareList`). `Answer` is what a lone handler answers, kept in the
 * route's type for a typed client.
 */
export type RouteMiddlewareArgument<
  Params extends RouteParams,
  List extends readonly unknown[],
  Answer = AnyResponse,
> = Exclude<RouteMiddleware<Params, unknown, Answer>, readonly unknown[]> | RouteMiddlewareList<Params, List>;

/**
 * The route `get()`, `post()`, `put()`, `patch()` and `delete()` return: a `Route`, plus, for types only,
 * what it declares (method, path template, middleware list, handler answer), which a typed client reads.
 * Nothing of `~declaration` exists at run time.
 */
export type DeclaredRoute<Method extends string, Path extends string, List, Answer> = Route<
  Middleware,
  Path
> & {
  readonly '~declaration'?: {
    readonly method: Method;
    readonly path: Path;
    readonly middleware: List;
    readonly answer: Answer;
  };
};
