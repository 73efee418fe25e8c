/**
 * The property under which every auth middleware of this package describes the authentication it
 * requires, for tools that read an application (an OpenAPI generator emitting security schemes, a
 * route table). A registered symbol, so two copies of the package recognise each other's middleware.
 */
export const AUTH_DESCRIPTOR: unique symbol = Symbol.for('@framework/middleware.auth');

/** What `basicAuth()`, `bearerAuth()` and `jwt()` require, as `middleware[AUTH_DESCRIPTOR]`. */
export type AuthDescriptor = BasicAuthDescriptor | BearerAuthDescriptor | JwtAuthDescriptor;

interface HttpAuthDescriptor {
  /** The HTTP authentication scheme, as OpenAPI's `scheme` of an `http` security scheme. */
  readonly scheme: 'basic' | 'bearer';
  /** The realm named in `WWW-Authenticate`. */
  readonly realm: string;
}

/** What `basicAuth()` requires: HTTP Basic authentication. */
export interface BasicAuthDescriptor extends HttpAuthDescriptor {
  readonly kind: 'basic';
  readonly scheme: 'basic';
}

/** What `bearerAuth()` requires: a bearer token. */
export interface BearerAuthDescriptor extends HttpAuthDescriptor {
  readonly kind: 'bearer';
  readonly scheme: 'bearer';
}

/** What `jwt()` requires: a bearer token in JWT format, with its algorithms and claims. */
export interface JwtAuthDescriptor extends HttpAuthDescriptor {
  readonly kind: 'jwt';
  readonly scheme: 'bearer';
  /** OpenAPI's `bearerFormat`. */
  readonly bearerFormat: 'JWT';
  /** The JWS algorithms a token may be signed with. */
  readonly algorithms: readonly string[];
  readonly issuer?: readonly string[];
  readonly audience?: readonly string[];
  /** The cookie a token is also read from, when the `cookie` option names one. */
  readonly cookie?: string;
}

/** Anything that carries an `AuthDescriptor`. */
export interface AuthDescribed {
  readonly [AUTH_DESCRIPTOR]: AuthDescriptor;
}

/**
 * The `AuthDescriptor` of an auth middleware of this package, or undefined for anything else.
 *
 * @example
 * const scheme = authDescriptorOf(middleware); // { kind: 'jwt', scheme: 'bearer', bearerFormat: 'JWT', realm: 'api', ... }
 */
export function authDescriptorOf(middleware: unknown): AuthDescriptor | undefined {
  if (middleware === null || (typeof middleware !== 'object' && typeof middleware !== 'function')) return;
  const descriptor = (middleware as Partial<AuthDescribed>)[AUTH_DESCRIPTOR];
  return typeof descriptor === 'object' && descriptor !== null ? descriptor : undefined;
}
