import type { AnyResponse, RequestHandler, ServerMiddleware, ServerRequest } from '@framework/application';
import { MiddlewareError } from '../errors';
import { type CsrfOptions, type CsrfSettings, csrfSettings, originOf } from './csrf-options';
import { isValidCsrfToken } from './csrf-token';

/** Methods that must not change state (RFC 9110 §9.2.1): never checked. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(?:;|$)/i;

/**
 * Cross-site request forgery protection for every method but GET, HEAD, OPTIONS and TRACE, in this order:
 * 1. `Sec-Fetch-Site` (every current browser sends it; scripts cannot forge it): `same-origin` and
 *    `none` (the user typed the address or used a bookmark) pass; any other value passes only with an
 *    `Origin` in `trustedOrigins`.
 * 2. Without it, `Origin`: the request's own origin or one in `trustedOrigins` passes; anything else,
 *    `null` (sandboxed frames, privacy redirects) included, is refused.
 * 3. Without either (older browsers, some privacy tools, scripts), a token from `csrfToken(request)` must
 *    come in the `x-csrf-token` header or the `_csrf` field of a urlencoded form, bound to the session.
 * A refusal answers 403 problem+json: `FRAMEWORK_ERR_CSRF_CROSS_SITE` or `FRAMEWORK_ERR_CSRF_TOKEN`.
 */
export class CsrfMiddleware implements ServerMiddleware {
  private readonly settings: CsrfSettings;

  constructor(options?: CsrfOptions) {
    this.settings = csrfSettings(options);
  }

  async process(request: ServerRequest, handler: RequestHandler): Promise<AnyResponse> {
    if (!SAFE_METHODS.has(request.method)) await this.check(request);
    return handler.handle(request);
  }

  private async check(request: ServerRequest): Promise<void> {
    const site = request.header('sec-fetch-site');
    const origin = request.header('origin');
    if (site !== undefined) {
      if (site === 'same-origin' || site === 'none') return;
      if (origin !== undefined && this.settings.trustedOrigins.has(origin)) return;
      throw crossSite(`Sec-Fetch-Site is ${JSON.stringify(site)}`);
    }
    if (origin !== undefined) {
      if (origin !== 'null' && (origin === originOf(request.url) || this.settings.trustedOrigins.has(origin)))
        return;
      throw crossSite(`Origin ${JSON.stringify(origin)} is not this site's`);
    }
    const token = await this.tokenOf(request);
    // Checked even without a token, so a missing session() is reported rather than refusing everyone.
    if (!(await isValidCsrfToken(request, token ?? ''))) {
      throw new MiddlewareError(
        'FRAMEWORK_ERR_CSRF_TOKEN',
        `The request has neither Sec-Fetch-Site nor Origin, and ${token === undefined ? 'no' : 'an invalid'} CSRF token ` +
          `(send the token of csrfToken(request) in ${this.settings.headerName} or the form field ${this.settings.fieldName}).`,
      );
    }
  }

  private async tokenOf(request: ServerRequest): Promise<string | undefined> {
    const header = request.header(this.settings.headerName);
    if (header !== undefined) return header;
    if (!FORM_TYPE.test(request.header('content-type') ?? '')) return undefined;
    const field = (await request.form())[this.settings.fieldName];
    return typeof field === 'string' ? field : undefined;
  }
}

function crossSite(why: string): MiddlewareError {
  return new MiddlewareError('FRAMEWORK_ERR_CSRF_CROSS_SITE', `Cross-site request refused: ${why}.`);
}

/**
 * CSRF protection; see `CsrfMiddleware`. Pipe it after `session()` when clients without
 * `Sec-Fetch-Site` and `Origin` must be served (their token is bound to the session).
 *
 * @example
 * app.pipe(session({ secret: process.env.SESSION_SECRET! }));
 * app.pipe(csrf({ trustedOrigins: ['https://app.example.com'] }));
 */
export function csrf(options?: CsrfOptions): CsrfMiddleware {
  return new CsrfMiddleware(options);
}
