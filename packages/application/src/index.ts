export { APPLICATION_ERROR_CODES, type ApplicationErrorCode, type ErrorCodeInfo } from './errors/error-codes';
export { ApplicationError } from './errors/application-error';
export { HttpError, type HttpErrorOptions } from './errors/http-error';
export { readErrorField } from './errors/read-error-field';
export * from './container/index';
export * from './config/index';

export { ServerRequest, type RouteParams, type ServerRequestOptions } from './http/server-request';
export { RequestSource } from './http/request-source';
export type { RequestHeaders } from './http/request-headers';
export type { ParsedQuery } from './http/parse-query';
export { ROUTE_RESULT_ATTRIBUTE } from './http/attributes';
export { DEFAULT_BODY_LIMIT } from './http/read-body';
export { DEFAULT_MAX_FORM_FIELDS, type FormFields } from './http/parse-form-body';
export { DEFAULT_MAX_JSON_DEPTH } from './http/json-depth';
export {
  MAX_FORWARDED_HOPS,
  type ForwardingHeader,
  type ProxyTrust,
  type TrustProxy,
} from './http/trust-proxy';

export { LightResponse, type LightBody, type LightResponseInit } from './response/light-response';
export {
  ResponseHeaders,
  type HeaderMap,
  type HeaderValue,
  type ResponseHeadersInit,
} from './response/response-headers';
export type { StatusOrInit, UnnamedStatus } from './response/response-init';
export { TextResponse } from './response/text-response';
export { HtmlResponse } from './response/html-response';
export { JsonResponse } from './response/json-response';
export { EmptyResponse } from './response/empty-response';
export { RedirectResponse } from './response/redirect-response';
export { isResponse, type AnyResponse, type MaybePromise } from './response/any-response';
export { PROBLEM_CONTENT_TYPE, type ProblemDetails, statusOfError } from './response/error-response';
export { statusText } from './response/status-text';

export type {
  Middleware,
  MiddlewareClass,
  MiddlewareFunction,
  RequestHandler,
  ServerMiddleware,
} from './pipeline/types';
export type {
  AddedBefore,
  DeclaredRoute,
  AddedToRequest,
  AddsToRequest,
  RouteAnswer,
  RouteHandler,
  RouteMiddleware,
  RouteMiddlewareClass,
  RouteMiddlewareFunction,
  RouteMiddlewareArgument,
  RouteMiddlewareList,
  RouteRequest,
  RouteServerMiddleware,
} from './application/route-middleware';
export { MiddlewarePipe } from './pipeline/middleware-pipe';
export { PathMiddleware } from './pipeline/path-middleware';
export type { ErrorBoundary } from './pipeline/error-boundary';
export type { ErrorLayer } from './pipeline/error-layer';
export type { PipeEntry } from './pipeline/pipe-entry';
export type { RoutingStage } from './pipeline/routing-stage';
export { MiddlewareResolver, type MiddlewareAdapter } from './resolver/middleware-resolver';
export { MIDDLEWARE_KIND, type DoublePassMiddleware, type ErrorMiddleware } from './resolver/markers';
export * from './variant-a/index';
export { variantA } from './variant-a/variant-a-layer';
export { variantB } from './resolver/variant-b';
export type { MiddlewareVariant, ServiceNameRecord } from './resolver/middleware-variant';

export { RoutingMiddleware } from './middleware/routing-middleware';
export {
  ImplicitHeadMiddleware,
  FORWARDED_HTTP_METHOD_ATTRIBUTE,
} from './middleware/implicit-head-middleware';
export { ImplicitOptionsMiddleware } from './middleware/implicit-options-middleware';
export { MethodNotAllowedMiddleware } from './middleware/method-not-allowed-middleware';
export { DispatchMiddleware } from './middleware/dispatch-middleware';
export { NotFoundHandler } from './middleware/not-found-handler';
export { ErrorHandlerMiddleware, type ErrorHandlerOptions } from './middleware/error-handler-middleware';
export { BodyLimitMiddleware } from './middleware/body-limit-middleware';
export { timeout } from './middleware/timeout';

export { Application } from './application/application';
export { fromFetch, type FetchHandler } from './fetch/from-fetch';
export {
  getEnv,
  getExecutionContext,
  type ExecutionContext,
  type Platform,
  type PlatformFacts,
} from './fetch/platform';
export type { ApplicationOptions } from './application/application-options';
export type { CheckOptions, SetupFinding, SetupSeverity } from './application/setup-finding';
export { AppFactory } from './application/app-factory';
export { defaultContainer } from './application/default-container';
export * from './factory/index';

export {
  registerServer,
  type RunningServer,
  type ServeOptions,
  type ServedApplication,
  type ServerRunner,
} from './application/server-slot';
export type { Logger, LogMethod } from './logging/logger';
export { escapeControlCharacters } from './logging/escape-control-characters';
export { escapedStackOf, type EscapedStack } from './logging/escaped-stack';
export { withServerErrorRecord, type ServerErrorRecord } from './logging/server-error-record';
export { readiness, type ShutdownAware } from './health/readiness';
