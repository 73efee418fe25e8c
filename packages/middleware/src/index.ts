import './cookies/request-cookies';

export {
  MIDDLEWARE_ERROR_CODES,
  MiddlewareError,
  type MiddlewareErrorCode,
  type MiddlewareErrorInfo,
} from './errors';

export { cors, CorsMiddleware } from './cors/cors';
export type { CorsOptions, CorsOrigin } from './cors/cors-options';

export { compress, CompressMiddleware } from './compress/compress';
export type { CompressOptions, CompressionEncoding } from './compress/compress-options';
export { MAX_ACCEPT_ENCODING_LENGTH } from './compress/choose-encoding';

export { serveStatic, ServeStaticMiddleware } from './static/serve-static';
export { DEFAULT_DENIED_EXTENSIONS, type ServeStaticOptions } from './static/static-options';

export { COOKIE_SECRETS_ATTRIBUTE } from './cookies/request-cookies';
export type { RequestCookies } from './cookies/parse-cookie-header';
export { cookies, CookiesMiddleware, type CookiesOptions } from './cookies/cookies-middleware';
export { MIN_COOKIE_SECRET_LENGTH } from './cookies/cookie-secret';
export { setCookie, deleteCookie, type SetCookieOptions } from './cookies/set-cookie';
export { signCookieValue, unsignCookieValue } from './cookies/sign-cookie';
export { MAX_COOKIE_VALUE_LENGTH, MAX_REQUEST_COOKIES, MAX_SET_COOKIE_LENGTH } from './cookies/cookie-limits';

export { securityHeaders, SecurityHeadersMiddleware } from './security-headers/security-headers';
export type { SecurityHeadersOptions } from './security-headers/security-headers-options';

export { conditionalGet, ConditionalGetMiddleware } from './conditional-get/conditional-get';

export { validate, ValidateMiddleware, type ValidationSchemas, type Validated } from './validate/validate';
export { VALID_ATTRIBUTE } from './validate/request-valid';
export { MAX_LISTED_ISSUES, type ValidationIssue, type ValidationTarget } from './validate/validation-issues';

export * from './sse/index';

// The rest of tracing needs @opentelemetry/api: it is the subpath @framework/middleware/tracing.
export { SPAN_ID_ATTRIBUTE, spanIdOf, TRACE_ID_ATTRIBUTE, traceIdOf } from './tracing/trace-id';

export {
  AUTH_DESCRIPTOR,
  authDescriptorOf,
  type AuthDescribed,
  type AuthDescriptor,
  type BasicAuthDescriptor,
  type BearerAuthDescriptor,
  type JwtAuthDescriptor,
} from './auth/auth-descriptor';
export { AuthenticationError, type AnswerCode } from './auth/authentication-error';
export { MAX_AUTHORIZATION_LENGTH } from './auth/authorization-header';
export type { Accepted, VerifyAnswer } from './auth/authenticated-attribute';
export type { BasicCredentials } from './auth/basic-credentials';
export {
  basicAuth,
  basicAuthUser,
  BasicAuthMiddleware,
  type BasicAuthOptions,
  type BasicAuthUser,
  type BasicAuthUserOf,
} from './auth/basic-auth';
export {
  bearerAuth,
  bearerAuthPrincipal,
  BearerAuthMiddleware,
  type BearerAuthOptions,
} from './auth/bearer-auth';
export {
  jwt,
  jwtPayload,
  JwtMiddleware,
  MAX_JWT_AUTHORIZATION_LENGTH,
  type DeclaredKeys,
  type JwtPayload,
  type JwtRegisteredClaims,
} from './auth/jwt';
export type { JwtOptions } from './auth/jwt-options';
export { JWT_ALGORITHMS, type JwtAlgorithm } from './auth/jwt-algorithms';
export type { JwtKeySource, RemoteKeySetTimes } from './auth/jwt-key';

export { session, getSession, SessionMiddleware, SESSION_ATTRIBUTE } from './session/session-middleware';
export { Session, type RegenerateOptions, type SessionContext } from './session/session';
export type { GenerationOf, SessionOptions } from './session/session-options';
export type { SessionChange, SessionStore, StoredSession } from './session/session-store';
export {
  memoryStore,
  MemorySessionStore,
  DEFAULT_MAX_SESSIONS,
  type MemoryStoreOptions,
} from './session/memory-store';

export { csrf, CsrfMiddleware } from './csrf/csrf';
export type { CsrfOptions } from './csrf/csrf-options';
export { csrfToken } from './csrf/csrf-token';

export {
  requestId,
  REQUEST_ID_ATTRIBUTE,
  REQUEST_ID_HEADER,
  type RequestIdOptions,
} from './logging/request-id';
export { requestLogger, type RequestLoggerOptions } from './logging/request-logger';

export * from './rate-limit/index';
export type { StoreLogger } from './shared/store-outage';
