/**
 * `@framework/client`: a typed client of a `@framework` application, its types read from the routes the
 * application declares, with no generation step; calls go through `fetch`.
 */
export { createClient, type ClientOptions } from './create-client';
export { CLIENT_ERROR_CODES, ClientError, type ClientErrorCode, type ClientErrorInfo } from './errors';
export type { CallOptions, Client, HeadersInput, MethodCall, PathsFor, QueryValue } from './types/client';
export type { ClientAnswer, ClientRoute, ClientRouteOf, DeclarationOf } from './types/client-route';
export type { ClientRoutes } from './types/client-routes';
export type { ClientParams, ClientPath } from './types/client-path';
