/** One entry of the error catalogue: the HTTP status the error answers with, and what it means. */
export interface MiddlewareErrorInfo {
  readonly status: number;
  readonly description: string;
}

/**
 * Every error `@framework/middleware` raises carries one of these stable codes; ERRORS.md documents
 * each of them (a test checks that).
 */
export const MIDDLEWARE_ERROR_CODES = {
  FRAMEWORK_ERR_MIDDLEWARE_INVALID_OPTION: {
    status: 500,
    description:
      'A middleware factory was given an option it cannot use (the message names the option); raised when the middleware is built.',
  },
  FRAMEWORK_ERR_STATIC_ROOT_NOT_DIRECTORY: {
    status: 500,
    description: 'serveStatic(root) was given a root that does not exist or is not a directory.',
  },
  FRAMEWORK_ERR_COOKIE_NO_SECRET: {
    status: 500,
    description:
      'request.signedCookies was read, but no cookies({ secret }) middleware ran before the handler.',
  },
  FRAMEWORK_ERR_COOKIE_INVALID: {
    status: 500,
    description:
      'setCookie() was given a name, value or attribute that a Set-Cookie header cannot carry, or a cookie larger than 4096 bytes.',
  },
  FRAMEWORK_ERR_COOKIE_WEAK_SECRET: {
    status: 500,
    description:
      'A cookie secret is not a string of at least 32 characters with at least 8 different ones besides whitespace.',
  },
  FRAMEWORK_ERR_VALIDATION_FAILED: {
    status: 400,
    description: 'validate() found the request body, query or params invalid; the answer lists the issues.',
  },
  FRAMEWORK_ERR_VALIDATION_UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    description: 'validate({ body }) received a body whose Content-Type is not JSON.',
  },
  FRAMEWORK_ERR_VALIDATION_NOT_RUN: {
    status: 500,
    description:
      'request.valid was read, but no validate() middleware checked the request before the handler.',
  },
  FRAMEWORK_ERR_SSE_INVALID_EVENT: {
    status: 500,
    description:
      'writeSSE() was given an event it cannot send: an id or event type with a line break, an id with NUL, a retry that is not a whole number, or data that is not a string.',
  },
  FRAMEWORK_ERR_AUTH_REQUIRED: {
    status: 401,
    description:
      'basicAuth(), bearerAuth() or jwt() found no credentials of its scheme in the request; the answer carries WWW-Authenticate.',
  },
  FRAMEWORK_ERR_AUTH_INVALID: {
    status: 401,
    description:
      'The credentials or token were refused (unknown, wrong, malformed, too long, expired); why is said only in development mode.',
  },
  FRAMEWORK_ERR_AUTH_INVALID_REQUEST: {
    status: 400,
    description:
      'bearerAuth() or jwt() received an Authorization: Bearer header whose token is not token68 syntax (RFC 6750 invalid_request).',
  },
  FRAMEWORK_ERR_AUTH_KEYS_UNAVAILABLE: {
    status: 503,
    description:
      'jwt({ jwks }) could not fetch or read its JSON Web Key Set (timeout, network error, non-200 answer, invalid JSON).',
  },
  FRAMEWORK_ERR_AUTH_WEAK_SECRET: {
    status: 500,
    description:
      'A jwt() HMAC secret is shorter than its algorithms need (32 bytes for HS256, 48 for HS384, 64 for HS512) or has fewer than 8 different bytes.',
  },
  FRAMEWORK_ERR_AUTH_NOT_RUN: {
    status: 500,
    description:
      'An accessor such as jwtPayload(request) was called for a request that its auth middleware did not authenticate.',
  },
  FRAMEWORK_ERR_SESSION_TOO_LARGE: {
    status: 500,
    description:
      'A cookie-only session would need a cookie over 4096 bytes, which browsers drop; keep less in it or use a store.',
  },
  FRAMEWORK_ERR_SESSION_INVALID_VALUE: {
    status: 500,
    description:
      'A session was given a value it cannot keep: data that JSON cannot carry, a user id that is not a non-empty string, or a generation that is not a number.',
  },
  FRAMEWORK_ERR_SESSION_NOT_RUN: {
    status: 500,
    description: 'getSession(request) was called for a request that no session() middleware saw.',
  },
  FRAMEWORK_ERR_SESSION_STORE_UNAVAILABLE: {
    status: 503,
    description:
      "session() could not reach its store (an error, or no answer within storeTimeout): answered with onStoreError: 'fail-closed', thrown by regenerate() and destroy() in either mode.",
  },
  FRAMEWORK_ERR_CSRF_CROSS_SITE: {
    status: 403,
    description:
      'csrf() refused an unsafe request that Sec-Fetch-Site or Origin shows comes from another site (or from an opaque origin, Origin: null).',
  },
  FRAMEWORK_ERR_CSRF_TOKEN: {
    status: 403,
    description:
      'csrf() received an unsafe request without Sec-Fetch-Site or Origin, and without a valid token for its session.',
  },
  FRAMEWORK_ERR_CSRF_NO_SESSION: {
    status: 500,
    description:
      'A CSRF token was needed (csrfToken(request), or a request without Sec-Fetch-Site and Origin), but no session() middleware ran before.',
  },
  FRAMEWORK_ERR_RATE_LIMITED: {
    status: 429,
    description:
      'rateLimit() refused the request: its key spent its allowance; the answer carries Retry-After and the RateLimit fields.',
  },
  FRAMEWORK_ERR_RATE_LIMIT_STORE_UNAVAILABLE: {
    status: 503,
    description:
      "rateLimit({ onStoreError: 'fail-closed' }) could not reach its store (an error, or no answer within storeTimeout).",
  },
  FRAMEWORK_ERR_RATE_LIMIT_INVALID_KEY: {
    status: 500,
    description: 'A rateLimit() key function returned something other than a non-empty string.',
  },
} as const satisfies Record<string, MiddlewareErrorInfo>;

/** The `code` of every error this package throws: a key of `MIDDLEWARE_ERROR_CODES`. */
export type MiddlewareErrorCode = keyof typeof MIDDLEWARE_ERROR_CODES;

/**
 * An error raised by `@framework/middleware`. `status` is the HTTP status the error handler answers
 * with; `expose` says whether its message may be shown to clients outside development mode (4xx only).
 */
export class MiddlewareError extends Error {
  override readonly name = 'MiddlewareError';
  readonly status: number;
  readonly expose: boolean;

  constructor(
    readonly code: MiddlewareErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.status = MIDDLEWARE_ERROR_CODES[code].status;
    this.expose = this.status < 500;
  }
}

/** The error for an unusable factory option, naming the middleware and the option. */
export function invalidOption(middleware: string, option: string, problem: string): MiddlewareError {
  return new MiddlewareError(
    'FRAMEWORK_ERR_MIDDLEWARE_INVALID_OPTION',
    `${middleware}: option \`${option}\` ${problem}`,
  );
}
