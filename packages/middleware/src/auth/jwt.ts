import { type JWTVerifyOptions, jwtVerify } from 'jose';
import type { AnyResponse, RequestHandler, ServerMiddleware, ServerRequest } from '@framework/application';
import '../cookies/request-cookies';
import { MiddlewareError } from '../errors';
import { AUTH_DESCRIPTOR, type AuthDescribed, type JwtAuthDescriptor } from './auth-descriptor';
import { AuthenticationError } from './authentication-error';
import { readAuthenticated, withAuthenticated } from './authenticated-attribute';
import { BearerChallenges, readBearerToken } from './bearer-token';
import { type JwtOptions, type JwtSettings, jwtSettings } from './jwt-options';

/** Longest `Authorization` header `jwt()` reads (8 KiB); a longer one is refused unread. */
export const MAX_JWT_AUTHORIZATION_LENGTH = 8192;

/** The registered claims of RFC 7519 §4.1, as `jose` checks them. */
export interface JwtRegisteredClaims {
  readonly iss?: string;
  readonly sub?: string;
  readonly aud?: string | readonly string[];
  readonly exp?: number;
  readonly nbf?: number;
  readonly iat?: number;
  readonly jti?: string;
}

/** A verified payload: the claims you declare, over the registered ones. */
export type JwtPayload<Claims extends object = Record<string, unknown>> = Claims &
  Omit<JwtRegisteredClaims, DeclaredKeys<Claims>>;

/** The named keys of a type, without those of an index signature. */
export type DeclaredKeys<T> = keyof {
  [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K];
};

// Three base64url segments: the compact serialization of a JWS.
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

// jose errors that mean "this token is not acceptable", as opposed to "the keys could not be had".
const REFUSED_TOKEN_CODES = new Set([
  'ERR_JWT_EXPIRED',
  'ERR_JWT_CLAIM_VALIDATION_FAILED',
  'ERR_JWT_INVALID',
  'ERR_JWS_INVALID',
  'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
  'ERR_JOSE_ALG_NOT_ALLOWED',
  'ERR_JOSE_NOT_SUPPORTED',
  'ERR_JWKS_NO_MATCHING_KEY',
  'ERR_JWKS_MULTIPLE_MATCHING_KEYS',
]);

/**
 * Verifies a JSON Web Token with `jose`: the signature with one of the listed algorithms only, then
 * `exp` and `nbf` (with `clockTolerance`), and `iss` / `aud` when configured. The token comes from
 * `Authorization: Bearer` (at most 8 KiB), else from the `cookie` option's cookie. No token answers
 * 401 with `WWW-Authenticate: Bearer realm="…"`; a refused token 401 with `error="invalid_token"` (why,
 * only in development mode); a key set that cannot be fetched 503. The verified payload is read with
 * `payload(request)` or `jwtPayload(request)`, typed by the `Claims` you declare.
 */
export class JwtMiddleware<Claims extends object = Record<string, unknown>>
  implements ServerMiddleware, AuthDescribed
{
  readonly [AUTH_DESCRIPTOR]: JwtAuthDescriptor;
  private readonly settings: JwtSettings;
  private readonly verifyOptions: JWTVerifyOptions;
  private readonly challenges: BearerChallenges;

  constructor(options: JwtOptions) {
    const settings = jwtSettings(options);
    this.settings = settings;
    this.challenges = new BearerChallenges(settings.realm);
    this.verifyOptions = {
      algorithms: [...settings.algorithms],
      clockTolerance: settings.clockTolerance,
      ...(settings.issuer && { issuer: [...settings.issuer] }),
      ...(settings.audience && { audience: [...settings.audience] }),
      ...(settings.maxTokenAge !== undefined && { maxTokenAge: settings.maxTokenAge }),
      ...(settings.requiredClaims && { requiredClaims: [...settings.requiredClaims] }),
    };
    this[AUTH_DESCRIPTOR] = Object.freeze({
      kind: 'jwt',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      realm: settings.realm,
      algorithms: settings.algorithms,
      ...(settings.issuer && { issuer: settings.issuer }),
      ...(settings.audience && { audience: settings.audience }),
      ...(settings.cookie !== undefined && { cookie: settings.cookie }),
    });
  }

  async process(request: ServerRequest, handler: RequestHandler): Promise<AnyResponse> {
    const token = this.tokenOf(request);
    if (token === undefined) throw AuthenticationError.required(this.challenges.plain);
    if (!COMPACT_JWS.test(token)) throw this.challenges.refused('the token is not a compact JWS');
    const payload = await this.verify(token);
    return handler.handle(withAuthenticated(request, 'jwt', Object.freeze(payload)));
  }

  /** The verified payload of `request`. */
  payload(request: ServerRequest): JwtPayload<Claims> {
    return jwtPayload<Claims>(request);
  }

  private tokenOf(request: ServerRequest): string | undefined {
    const token = readBearerToken(request, this.challenges, MAX_JWT_AUTHORIZATION_LENGTH);
    if (token !== undefined || this.settings.cookie === undefined) return token;
    return request.cookies[this.settings.cookie];
  }

  private async verify(token: string): Promise<object> {
    try {
      const { payload } = await jwtVerify(token, this.settings.key.key as never, this.verifyOptions);
      return payload;
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      // A fixed key is checked when the middleware is made, so a key error here means the key cannot
      // serve the listed algorithm the token's header chose: the token's fault, not a 500.
      const keyCannotServe = !this.settings.key.remote && isKeyAlgorithmMismatch(error);
      if ((typeof code === 'string' && REFUSED_TOKEN_CODES.has(code)) || keyCannotServe)
        throw this.challenges.refused((error as Error).message, error);
      if (this.settings.key.remote)
        throw new MiddlewareError(
          'FRAMEWORK_ERR_AUTH_KEYS_UNAVAILABLE',
          'jwt: the JSON Web Key Set could not be fetched or read.',
          { cause: error },
        );
      throw error;
    }
  }
}

/**
 * JSON Web Token authentication; see `JwtMiddleware`. Declare the claims your tokens carry to type
 * the payload (a declaration, not a check: the signature vouches for the issuer).
 *
 * @example
 * const auth = jwt<{ sub: string; role: 'admin' | 'user' }>({
 *   jwks: 'https://issuer.example.com/.well-known/jwks.json',
 *   algorithms: ['RS256'],
 *   issuer: 'https://issuer.example.com/',
 *   audience: 'notes-api',
 * });
 * app.get('/me', [auth, (request) => new JsonResponse({ role: auth.payload(request).role })]);
 */
export function jwt<Claims extends object = Record<string, unknown>>(
  options: JwtOptions,
): JwtMiddleware<Claims> {
  return new JwtMiddleware<Claims>(options);
}

/**
 * The payload `jwt()` verified for `request`, typed by the claims you declare; throws
 * `FRAMEWORK_ERR_AUTH_NOT_RUN` when no `jwt()` authenticated it.
 */
export function jwtPayload<Claims extends object = Record<string, unknown>>(
  request: ServerRequest,
): JwtPayload<Claims> {
  return readAuthenticated<JwtPayload<Claims>>(request, 'jwt', 'jwtPayload');
}

/** Web Crypto's errors for a key used with an algorithm it is not for. */
const KEY_MISMATCH_NAMES = new Set(['DataError', 'InvalidAccessError', 'NotSupportedError']);

/**
 * Whether verifying failed because the key does not fit the algorithm: jose's `TypeError` for a
 * `CryptoKey`, and, for a `KeyObject` on Node 22 and later, Web Crypto's `DataError` ("Invalid key type").
 */
function isKeyAlgorithmMismatch(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof DOMException && KEY_MISMATCH_NAMES.has(error.name));
}
