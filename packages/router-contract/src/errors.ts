/**
 * Every error the router contract raises carries a stable `code`. The catalogue lives in
 * `ROUTER_ERROR_CODES`; the package's ERRORS.md documents each code.
 */
export const ROUTER_ERROR_CODES = {
  FRAMEWORK_ERR_ROUTE_INVALID_PATH: 'The route path is not a valid path template.',
  FRAMEWORK_ERR_ROUTE_INVALID_METHOD: 'An HTTP method name is not a valid token.',
  FRAMEWORK_ERR_ROUTE_INVALID_OPTIONS: 'Route options are malformed (for example a bad `tokens` entry).',
  FRAMEWORK_ERR_ROUTE_UNSAFE_TOKEN:
    'A `tokens` expression or inline constraint may backtrack catastrophically (ReDoS), or is too complex to prove safe, and `allowUnsafeRegex` is not set.',
  FRAMEWORK_ERR_ROUTER_UNKNOWN_ROUTE: 'No route carries the name given to generateUri().',
  FRAMEWORK_ERR_ROUTER_MISSING_PARAMS: 'generateUri() was not given a value for every placeholder.',
  FRAMEWORK_ERR_ROUTER_PARAM_MISMATCH:
    'A value given to generateUri() does not satisfy its token, would make a path segment `.` or `..`, or is not well-formed Unicode.',
  FRAMEWORK_ERR_ROUTER_UNSUPPORTED_SYNTAX:
    'A route uses template syntax (an inline constraint) that the router does not declare support for.',
  FRAMEWORK_ERR_ROUTER_INVALID_OPTIONS: 'A router adapter was given an option that would break the contract.',
} as const;

/** A code of the router error catalogue. */
export type RouterErrorCode = keyof typeof ROUTER_ERROR_CODES;

/** An error raised while defining routes or generating URIs. */
export class RouterError extends Error {
  override readonly name = 'RouterError';

  constructor(
    readonly code: RouterErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** A `RouterError` about the route at `path`, worded `Route "/post/{id}": <detail>`. */
export function routeError(
  path: string,
  detail: string,
  code: RouterErrorCode = 'FRAMEWORK_ERR_ROUTE_INVALID_OPTIONS',
): RouterError {
  return new RouterError(code, `Route ${JSON.stringify(path)}: ${detail}`);
}
