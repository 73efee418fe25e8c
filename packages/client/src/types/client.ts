import type { ClientRoute } from './client-route';

/** A query value the client writes into the URL; an array repeats the name. */
export type QueryValue = string | number | boolean | readonly (string | number | boolean)[] | undefined;

/** Headers as `new Headers()` takes them: an object, a list of pairs or a `Headers`. */
export type HeadersInput = ConstructorParameters<typeof Headers>[0];

/** `{ key?: T }` when `T` accepts nothing given, else `{ key: T }`. */
type Part<Key extends string, T> = [T] extends [never]
  ? { readonly [K in Key]?: undefined }
  : Record<string, never> extends T
    ? { readonly [K in Key]?: T }
    : { readonly [K in Key]: T };

/** What one call sends: params (when the path has any), query, JSON body, headers and a signal. */
export type CallOptions<Route extends ClientRoute> = (unknown extends Route['params']
  ? { readonly params?: undefined }
  : { readonly params: Route['params'] }) &
  ([Route['query']] extends [never]
    ? { readonly query?: Readonly<Record<string, QueryValue>> }
    : Part<'query', Route['query']>) &
  ([Route['body']] extends [never] ? { readonly body?: unknown } : Part<'body', Route['body']>) & {
    readonly headers?: HeadersInput;
    readonly signal?: AbortSignal;
  };

/** The options argument: optional when the route needs nothing. */
type CallArguments<Route extends ClientRoute> =
  Record<string, never> extends CallOptions<Route>
    ? [options?: CallOptions<Route>]
    : [options: CallOptions<Route>];

/** The client paths of `Routes` that answer `Method`. */
export type PathsFor<Routes, Method extends string> = {
  [K in keyof Routes]: K extends `${Method} ${infer Path}` ? Path : never;
}[keyof Routes];

/** The route `Routes` holds for a method and path. */
type RouteAt<Routes, Method extends string, Path extends string> = Routes[Extract<
  `${Method} ${Path}`,
  keyof Routes
>] extends infer Route extends ClientRoute
  ? Route
  : never;

/** A call of one method: the path, then the options the route needs; resolves to its typed answer. */
export type MethodCall<Routes, Method extends string> = <Path extends PathsFor<Routes, Method>>(
  path: Path,
  ...options: CallArguments<RouteAt<Routes, Method, Path>>
) => Promise<RouteAt<Routes, Method, Path>['answer']>;

/** A typed client of the routes `Routes` (see `ClientRoutes`), one function per method. */
export interface Client<Routes> {
  readonly get: MethodCall<Routes, 'GET'>;
  readonly post: MethodCall<Routes, 'POST'>;
  readonly put: MethodCall<Routes, 'PUT'>;
  readonly patch: MethodCall<Routes, 'PATCH'>;
  readonly delete: MethodCall<Routes, 'DELETE'>;
}
