import type { ServerRequest } from '@framework/application';
import { AuthenticationError } from './authentication-error';
import { readAuthorization } from './authorization-header';
import { challenge } from './challenge';

/** The three `WWW-Authenticate` challenges of RFC 6750 for one realm. */
export class BearerChallenges {
  /** No token: the plain challenge, no error code. */
  readonly plain: string;
  readonly invalidToken: string;
  readonly invalidRequest: string;

  constructor(realm: string) {
    this.plain = challenge('Bearer', realm);
    this.invalidToken = challenge('Bearer', realm, { error: 'invalid_token' });
    this.invalidRequest = challenge('Bearer', realm, { error: 'invalid_request' });
  }

  /** 401 `error="invalid_token"`, the reason in development mode only. */
  refused(reason: string, cause?: unknown): AuthenticationError {
    return AuthenticationError.refused(`Bearer token refused: ${reason}.`, this.invalidToken, cause);
  }
}

/**
 * The token of `Authorization: Bearer <token>` (RFC 6750 §2.1), or undefined when the request sends
 * none. A header over `maxLength` characters answers 401 `invalid_token` unread; a token that is not
 * token68 syntax answers 400 `invalid_request`.
 */
export function readBearerToken(
  request: ServerRequest,
  challenges: BearerChallenges,
  maxLength: number,
): string | undefined {
  const authorization = readAuthorization(request, 'bearer', maxLength);
  switch (authorization.state) {
    case 'absent':
      return undefined;
    case 'too-long':
      throw challenges.refused(`the Authorization header is longer than ${maxLength} characters`);
    case 'malformed':
      throw AuthenticationError.malformed(
        'The Authorization header must be "Bearer " and a token68 token.',
        challenges.invalidRequest,
      );
    default:
      return authorization.token68;
  }
}
