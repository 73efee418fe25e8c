import type { ServerRequest } from '@framework/application';
import { MiddlewareError } from '../errors';

const AUTHENTICATED = {
  basic: { attribute: 'Framework\\Middleware\\BasicAuthUser', middleware: 'basicAuth' },
  bearer: { attribute: 'Framework\\Middleware\\BearerAuthPrincipal', middleware: 'bearerAuth' },
  jwt: { attribute: 'Framework\\Middleware\\JwtPayload', middleware: 'jwt' },
} as const;

type AuthKind = keyof typeof AUTHENTICATED;

/** `request` with what the auth middleware of `kind` authenticated. */
export function withAuthenticated(request: ServerRequest, kind: AuthKind, value: unknown): ServerRequest {
  return request.withAttribute(AUTHENTICATED[kind].attribute, value);
}

/**
 * What the auth middleware of `kind` put on the request; throws `FRAMEWORK_ERR_AUTH_NOT_RUN` when it
 * did not authenticate this request (the handler is not behind it), so a missing middleware never
 * reads as an anonymous user.
 */
export function readAuthenticated<T>(request: ServerRequest, kind: AuthKind, accessor: string): T {
  const { attribute, middleware } = AUTHENTICATED[kind];
  const value = request.getAttribute<T | undefined>(attribute);
  if (value === undefined) {
    throw new MiddlewareError(
      'FRAMEWORK_ERR_AUTH_NOT_RUN',
      `${accessor}(request) needs the ${middleware}() middleware before this handler; it did not authenticate this request.`,
    );
  }
  return value;
}

/** What a `verify` callback may answer: a value to put on the request, true to accept, or a refusal. */
export type VerifyAnswer = object | boolean | null | undefined;

/** The accepting answers of a `verify` callback answering `R`. */
export type Accepted<R> = Exclude<R, false | null | undefined>;

/**
 * Whether a `verify` callback accepted: `true` or an object. Anything else refuses, a truthy `1` or
 * `'yes'` from untyped code included, so a mistaken callback fails closed.
 */
export function isAcceptance(answer: unknown): answer is true | object {
  return answer === true || (typeof answer === 'object' && answer !== null) || typeof answer === 'function';
}
