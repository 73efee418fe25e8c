import type {
  AnyResponse,
  MaybePromise,
  RequestHandler,
  ServerMiddleware,
  ServerRequest,
} from '@framework/application';
import { invalidOption } from '../errors';
import { checkOptions, describe } from '../shared/check-options';
import { oneOf, verifyOption } from './one-of-options';
import { AUTH_DESCRIPTOR, type AuthDescribed, type BearerAuthDescriptor } from './auth-descriptor';
import { AuthenticationError } from './authentication-error';
import {
  type Accepted,
  isAcceptance,
  readAuthenticated,
  type VerifyAnswer,
  withAuthenticated,
} from './authenticated-attribute';
import { isToken68, MAX_AUTHORIZATION_LENGTH } from './authorization-header';
import { BearerChallenges, readBearerToken } from './bearer-token';
import { realmOption } from './challenge';
import { SecretMatcher } from './secret-matcher';

/** Options of `bearerAuth()`: one of `token`, `tokens` or `verify`. */
export interface BearerAuthOptions<R extends VerifyAnswer = true> {
  /** The accepted token, compared in constant time. */
  readonly token?: string;
  /** Several accepted tokens (one per client, or old and new while rotating), compared in constant time. */
  readonly tokens?: readonly string[];
  /**
   * Decides on a token itself (a token store, introspection): answers `true` to accept, an object to
   * accept and put it on the request as the principal, or `false` / `null` / `undefined` to refuse; may
   * be async. What it throws becomes a 500. Compare secrets in constant time yourself here.
   */
  readonly verify?: (token: string, request: ServerRequest) => MaybePromise<R>;
  /** The realm of the `WWW-Authenticate` challenge (default `'Restricted'`). */
  readonly realm?: string;
}

const OPTIONS = ['token', 'tokens', 'verify', 'realm'];

/**
 * Bearer token authentication (RFC 6750). No `Authorization: Bearer` token answers 401 problem+json
 * with `WWW-Authenticate: Bearer realm="…"`; a refused token 401 with `error="invalid_token"`; a token
 * that is not token68 syntax 400 with `error="invalid_request"`. Headers over 4096 characters are
 * refused unread. What accepted the request (`true`, or the object `verify` answered) is read with
 * `principal(request)` or `bearerAuthPrincipal(request)`.
 */
export class BearerAuthMiddleware<Principal = true> implements ServerMiddleware, AuthDescribed {
  readonly [AUTH_DESCRIPTOR]: BearerAuthDescriptor;
  private readonly challenges: BearerChallenges;
  private readonly matcher: SecretMatcher | undefined;
  private readonly verify: BearerAuthOptions<VerifyAnswer>['verify'];

  constructor(options: BearerAuthOptions<VerifyAnswer>) {
    const own = checkOptions('bearerAuth', options, OPTIONS) as BearerAuthOptions<VerifyAnswer>;
    const realm = realmOption('bearerAuth', own.realm);
    this[AUTH_DESCRIPTOR] = Object.freeze({ kind: 'bearer', scheme: 'bearer', realm });
    this.challenges = new BearerChallenges(realm);
    const source = oneOf('bearerAuth', own, ['token', 'tokens', 'verify']);
    if (source === 'verify') this.verify = verifyOption('bearerAuth', own.verify);
    else this.matcher = new SecretMatcher(tokensOption(source, own[source]));
  }

  async process(request: ServerRequest, handler: RequestHandler): Promise<AnyResponse> {
    const token = readBearerToken(request, this.challenges, MAX_AUTHORIZATION_LENGTH);
    if (token === undefined) throw AuthenticationError.required(this.challenges.plain);
    const principal = await this.authenticate(token, request);
    if (principal === undefined)
      throw this.challenges.refused('the token is not one this middleware accepts');
    return handler.handle(withAuthenticated(request, 'bearer', principal));
  }

  /** What accepted `request`: `true`, or the object `verify` answered. */
  principal(request: ServerRequest): Principal {
    return bearerAuthPrincipal<Principal>(request);
  }

  private async authenticate(token: string, request: ServerRequest): Promise<true | object | undefined> {
    if (this.verify === undefined)
      return (await (this.matcher as SecretMatcher).indexOf(token)) === -1 ? undefined : true;
    const answer = await this.verify(token, request);
    return isAcceptance(answer) ? answer : undefined;
  }
}

function tokensOption(option: string, value: unknown): readonly string[] {
  const tokens = option === 'token' ? [value] : value;
  if (!Array.isArray(tokens) || tokens.length === 0)
    throw invalidOption('bearerAuth', option, `must be a non-empty list of tokens, got ${describe(value)}.`);
  for (const token of tokens) {
    // A token a client cannot send in the header would never match: refuse it now.
    if (typeof token !== 'string' || !isToken68(token) || token.length > MAX_AUTHORIZATION_LENGTH - 7)
      throw invalidOption(
        'bearerAuth',
        option,
        'must hold tokens of token68 syntax (letters, digits, -._~+/ then = padding) that fit in a 4096-character header.',
      );
  }
  return tokens as string[];
}

/**
 * Bearer token authentication; see `BearerAuthMiddleware`.
 *
 * @example
 * app.pipe('/admin', bearerAuth({ tokens: [process.env.ADMIN_TOKEN!, process.env.OLD_ADMIN_TOKEN!] }));
 */
export function bearerAuth<R extends VerifyAnswer = true>(
  options: BearerAuthOptions<R>,
): BearerAuthMiddleware<Accepted<R>> {
  return new BearerAuthMiddleware(options as BearerAuthOptions<VerifyAnswer>);
}

/**
 * What accepted `request` in `bearerAuth()`: `true`, or the object `verify` answered; throws
 * `FRAMEWORK_ERR_AUTH_NOT_RUN` when no `bearerAuth()` authenticated it.
 */
export function bearerAuthPrincipal<Principal = true>(request: ServerRequest): Principal {
  return readAuthenticated<Principal>(request, 'bearer', 'bearerAuthPrincipal');
}
