import type {
  AnyResponse,
  MaybePromise,
  RequestHandler,
  ServerMiddleware,
  ServerRequest,
} from '@framework/application';
import { invalidOption } from '../errors';
import { checkOptions } from '../shared/check-options';
import { checkCookieSecret } from './cookie-secret';
import { COOKIE_SECRETS_ATTRIBUTE } from './request-cookies';

/** Options of `cookies()`. */
export interface CookiesOptions {
  /**
   * The secret that signs cookies, or a list: the first signs, all verify (to rotate secrets). At least
   * 32 characters each, with at least 8 different ones besides whitespace; keep them out of the repository (configuration, environment).
   */
  readonly secret: string | readonly string[];
}

/** Gives the handler `request.signedCookies`, verified with the configured secrets. */
export class CookiesMiddleware implements ServerMiddleware {
  /** The secrets, the signing one first. */
  readonly secrets: readonly string[];

  constructor(options: CookiesOptions) {
    const { secret } = checkOptions('cookies', options, ['secret']) as Partial<CookiesOptions>;
    const secrets = typeof secret === 'string' ? [secret] : Array.isArray(secret) ? [...secret] : [];
    if (secrets.length === 0)
      throw invalidOption('cookies', 'secret', 'is missing; give at least one secret.');
    for (const secret of secrets) checkCookieSecret(secret, 'cookies: option `secret`');
    this.secrets = Object.freeze(secrets);
  }

  process(request: ServerRequest, handler: RequestHandler): MaybePromise<AnyResponse> {
    return handler.handle(request.withAttribute(COOKIE_SECRETS_ATTRIBUTE, this.secrets));
  }
}

/**
 * Signed-cookie middleware; see `CookiesMiddleware`. `request.cookies` needs no middleware.
 *
 * @example
 * app.pipe(cookies({ secret: process.env.COOKIE_SECRET! }));
 * app.get('/me', (request) => new TextResponse(request.signedCookies.session ?? 'anonymous'));
 */
export function cookies(options: CookiesOptions): CookiesMiddleware {
  return new CookiesMiddleware(options);
}
