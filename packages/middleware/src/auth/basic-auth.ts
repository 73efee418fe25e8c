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
import { AUTH_DESCRIPTOR, type AuthDescribed, type BasicAuthDescriptor } from './auth-descriptor';
import { AuthenticationError } from './authentication-error';
import {
  type Accepted,
  isAcceptance,
  readAuthenticated,
  type VerifyAnswer,
  withAuthenticated,
} from './authenticated-attribute';
import { MAX_AUTHORIZATION_LENGTH, readAuthorization } from './authorization-header';
import {
  type BasicCredentials,
  decodeBasicCredentials,
  isSendablePassword,
  isSendableUsername,
} from './basic-credentials';
import { challenge, realmOption } from './challenge';
import { SecretMatcher } from './secret-matcher';

/** Options of `basicAuth()`: `credentials` or `verify`, not both. */
export interface BasicAuthOptions<R extends VerifyAnswer = true> {
  /** The accepted user names and passwords, compared in constant time. */
  readonly credentials?: readonly BasicCredentials[];
  /**
   * Decides on credentials itself (a user store, hashed passwords): answers `true` to accept, an object
   * to accept and put it on the request as the user, or `false` / `null` / `undefined` to refuse; may
   * be async. What it throws becomes a 500. Compare secrets in constant time yourself here.
   */
  readonly verify?: (username: string, password: string, request: ServerRequest) => MaybePromise<R>;
  /** The realm of the `WWW-Authenticate` challenge (default `'Restricted'`). */
  readonly realm?: string;
}

/** The user a `basicAuth()` with `credentials` (or a `verify` answering `true`) puts on the request. */
export interface BasicAuthUser {
  readonly username: string;
}

/** The user type of a `basicAuth()` whose `verify` answers `R`. */
export type BasicAuthUserOf<R> =
  Exclude<Accepted<R>, true> | (true extends Accepted<R> ? BasicAuthUser : never);

const OPTIONS = ['credentials', 'verify', 'realm'];

/**
 * HTTP Basic authentication (RFC 7617). A request without Basic credentials, or with credentials that
 * are refused, is answered 401 problem+json with `WWW-Authenticate: Basic realm="…", charset="UTF-8"`.
 * The header is read strictly: scheme without case, at most 4096 characters (longer is refused
 * undecoded), canonical base64 of UTF-8 `user:password` split at the first `:`. The accepted user is
 * read in the handler with `user(request)` or `basicAuthUser(request)`. Use it over HTTPS only: the
 * password travels in every request.
 */
export class BasicAuthMiddleware<User = BasicAuthUser> implements ServerMiddleware, AuthDescribed {
  readonly [AUTH_DESCRIPTOR]: BasicAuthDescriptor;
  private readonly challenge: string;
  private readonly usernames: readonly string[] = [];
  private readonly matcher: SecretMatcher | undefined;
  private readonly verify: BasicAuthOptions<VerifyAnswer>['verify'];

  constructor(options: BasicAuthOptions<VerifyAnswer>) {
    const own = checkOptions('basicAuth', options, OPTIONS) as BasicAuthOptions<VerifyAnswer>;
    const realm = realmOption('basicAuth', own.realm);
    this[AUTH_DESCRIPTOR] = Object.freeze({ kind: 'basic', scheme: 'basic', realm });
    this.challenge = challenge('Basic', realm, { charset: 'UTF-8' });
    if (oneOf('basicAuth', own, ['credentials', 'verify']) === 'verify') {
      this.verify = verifyOption('basicAuth', own.verify);
      return;
    }
    const credentials = credentialsOption(own.credentials);
    this.usernames = credentials.map((entry) => entry.username);
    this.matcher = new SecretMatcher(credentials.map((entry) => `${entry.username}:${entry.password}`));
  }

  async process(request: ServerRequest, handler: RequestHandler): Promise<AnyResponse> {
    const authorization = readAuthorization(request, 'basic', MAX_AUTHORIZATION_LENGTH);
    if (authorization.state === 'absent') throw AuthenticationError.required(this.challenge);
    if (authorization.state === 'too-long')
      throw this.refused(`the Authorization header is longer than ${MAX_AUTHORIZATION_LENGTH} characters`);
    const decoded =
      authorization.state === 'present' ? decodeBasicCredentials(authorization.token68) : undefined;
    if (decoded === undefined)
      throw this.refused('the credentials are not canonical base64 of UTF-8 user:password');
    const user = await this.authenticate(decoded.pair, decoded.credentials, request);
    if (user === undefined) throw this.refused('the user name or password is wrong');
    return handler.handle(withAuthenticated(request, 'basic', user));
  }

  /** The user this middleware accepted for `request`. */
  user(request: ServerRequest): User {
    return basicAuthUser<User>(request);
  }

  private async authenticate(
    pair: string,
    credentials: BasicCredentials,
    request: ServerRequest,
  ): Promise<object | undefined> {
    if (this.verify !== undefined) {
      const answer = await this.verify(credentials.username, credentials.password, request);
      if (!isAcceptance(answer)) return undefined;
      return answer === true ? Object.freeze({ username: credentials.username }) : answer;
    }
    const index = await (this.matcher as SecretMatcher).indexOf(pair);
    return index === -1 ? undefined : Object.freeze({ username: this.usernames[index] as string });
  }

  private refused(reason: string): AuthenticationError {
    return AuthenticationError.refused(`Basic credentials refused: ${reason}.`, this.challenge);
  }
}

function credentialsOption(credentials: unknown): readonly BasicCredentials[] {
  if (!Array.isArray(credentials) || credentials.length === 0)
    throw invalidOption(
      'basicAuth',
      'credentials',
      `must be a non-empty list of { username, password }, got ${describe(credentials)}.`,
    );
  return credentials.map((entry: unknown, index) => {
    const { username, password } = checkOptions(`basicAuth credentials[${index}]`, entry, [
      'username',
      'password',
    ]);
    if (typeof username !== 'string' || username === '' || !isSendableUsername(username))
      throw invalidOption(
        'basicAuth',
        `credentials[${index}].username`,
        `must be a non-empty string without \`:\` or control characters (RFC 7617), got ${describe(username)}.`,
      );
    if (typeof password !== 'string' || password === '' || !isSendablePassword(password))
      throw invalidOption(
        'basicAuth',
        `credentials[${index}].password`,
        'must be a non-empty string without control characters.',
      );
    return { username, password };
  });
}

/**
 * HTTP Basic authentication; see `BasicAuthMiddleware`.
 *
 * @example
 * const admin = basicAuth({ credentials: [{ username: 'admin', password: process.env.ADMIN_PASSWORD! }] });
 * app.get('/admin', [admin, (request) => new TextResponse(`Hello ${admin.user(request).username}`)]);
 */
export function basicAuth<R extends VerifyAnswer = true>(
  options: BasicAuthOptions<R>,
): BasicAuthMiddleware<BasicAuthUserOf<R>> {
  return new BasicAuthMiddleware(options as BasicAuthOptions<VerifyAnswer>);
}

/**
 * The user `basicAuth()` accepted for `request` (`{ username }`, or what `verify` answered); throws
 * `FRAMEWORK_ERR_AUTH_NOT_RUN` when no `basicAuth()` authenticated it.
 */
export function basicAuthUser<User = BasicAuthUser>(request: ServerRequest): User {
  return readAuthenticated<User>(request, 'basic', 'basicAuthUser');
}
