import { type AnyResponse, EmptyResponse, type ServerRequest } from '@framework/application';
import '../cookies/request-cookies';
import { MAX_SET_COOKIE_LENGTH } from '../cookies/cookie-limits';
import { deleteCookie, setCookie, type SetCookieOptions } from '../cookies/set-cookie';
import { MiddlewareError } from '../errors';
import { isSecureRequest } from './secure-request';
import type { SessionSettings } from './session-options';

interface Variant {
  readonly name: string;
  readonly attributes: SetCookieOptions;
  /** Bytes of `Set-Cookie` besides the value, with the longest `Max-Age` this middleware writes. */
  readonly overhead: number;
}

/**
 * The session cookie of one `session()`: its name and attributes for a request (secure or not), read
 * and written through `request.cookies` and `setCookie`, so the cookies middleware's rules hold (prefixes,
 * `SameSite=None` only with `Secure`, 4096 bytes at most).
 */
export class SessionCookie {
  private readonly secureVariant: Variant | undefined;
  private readonly plainVariant: Variant | undefined;

  constructor(private readonly settings: SessionSettings) {
    this.secureVariant = settings.secure === false ? undefined : this.variant(true);
    this.plainVariant = settings.secure === true ? undefined : this.variant(false);
  }

  /** The session cookie's value in `request`, if any. */
  read(request: ServerRequest): string | undefined {
    return request.cookies[this.variantFor(request).name];
  }

  /** The cookie name `request` carries its session under (associated data of a sealed session). */
  nameFor(request: ServerRequest): string {
    return this.variantFor(request).name;
  }

  /**
   * Sets the cookie to `value` for `maxAge` milliseconds; a value that would make the cookie pass 4096
   * bytes throws `FRAMEWORK_ERR_SESSION_TOO_LARGE` (only cookie-only sessions can grow that big).
   */
  write(response: AnyResponse, request: ServerRequest, value: string, maxAge: number): AnyResponse {
    const variant = this.variantFor(request);
    const size = variant.overhead + value.length;
    if (size > MAX_SET_COOKIE_LENGTH) {
      throw new MiddlewareError(
        'FRAMEWORK_ERR_SESSION_TOO_LARGE',
        `session: the session cookie would be ${size} bytes, and browsers drop cookies over ${MAX_SET_COOKIE_LENGTH}; ` +
          `keep less in a cookie-only session (${MAX_SET_COOKIE_LENGTH - variant.overhead} bytes of sealed value fit) or give session() a store.`,
      );
    }
    return setCookie(response, variant.name, value, {
      ...variant.attributes,
      maxAge: Math.max(1, Math.floor(maxAge / 1000)),
    });
  }

  /** Asks the browser to drop the session cookie. */
  drop(response: AnyResponse, request: ServerRequest): AnyResponse {
    const { name, attributes } = this.variantFor(request);
    return deleteCookie(response, name, attributes);
  }

  private variantFor(request: ServerRequest): Variant {
    const secure = this.settings.secure === 'auto' ? isSecureRequest(request) : this.settings.secure;
    return (secure ? this.secureVariant : this.plainVariant) as Variant;
  }

  private variant(secure: boolean): Variant {
    const { domain, path, sameSite, absoluteTimeout } = this.settings;
    const hostOnly = domain === undefined && path === '/';
    const name = this.settings.name ?? (secure ? (hostOnly ? '__Host-sid' : '__Secure-sid') : 'sid');
    const attributes: SetCookieOptions = {
      path,
      sameSite,
      secure,
      httpOnly: true,
      ...(domain !== undefined && { domain }),
    };
    // Made once with setCookie itself: it checks the name and attributes now, at start-up, and measures them.
    const longest = setCookie(new EmptyResponse(), name, '', {
      ...attributes,
      maxAge: absoluteTimeout / 1000,
    });
    const overhead = (longest.headers.get('set-cookie') as string).length;
    return { name, attributes, overhead };
  }
}
