import { type SerializeOptions, serialize } from 'cookie';
import type { AnyResponse } from '@framework/application';
import { MiddlewareError } from '../errors';
import { editHeaders } from '../shared/edit-headers';
import { MAX_SET_COOKIE_LENGTH } from './cookie-limits';
import { checkBrowserRules } from './cookie-rules';
import { signCookieValue } from './sign-cookie';

/**
 * Attributes of a cookie set on a response. Defaults: `path: '/'`, `httpOnly: true`,
 * `sameSite: 'lax'`; give `false` to leave one out.
 */
export interface SetCookieOptions {
  readonly domain?: string;
  readonly path?: string | false;
  readonly expires?: Date;
  /** Seconds until the cookie expires (`Max-Age`). */
  readonly maxAge?: number;
  readonly httpOnly?: boolean;
  readonly secure?: boolean;
  readonly sameSite?: 'lax' | 'strict' | 'none' | false;
  readonly partitioned?: boolean;
  readonly priority?: 'low' | 'medium' | 'high';
  /**
   * Sign the value with this secret, bound to the cookie's name (read it back with
   * `request.signedCookies` or `unsignCookieValue`); at least 32 characters.
   */
  readonly secret?: string;
}

/**
 * Adds a `Set-Cookie` header to any response and returns the response to send (the same object,
 * unless it was a `fetch()` response with immutable headers). Invalid names, values or attributes,
 * cookies over 4096 bytes, and cookies browsers would drop (`__Host-` / `__Secure-` rules,
 * `SameSite=None` or `Partitioned` without `Secure`) throw.
 *
 * @example
 * return setCookie(new JsonResponse({ ok: true }), 'session', id, { secure: true, maxAge: 3600, secret });
 */
export function setCookie(
  response: AnyResponse,
  name: string,
  value: string,
  options: SetCookieOptions = {},
): AnyResponse {
  const { secret, path = '/', httpOnly = true, sameSite = 'lax', ...rest } = options;
  checkBrowserRules(name, { ...rest, path, sameSite });
  const cookieValue = secret === undefined ? value : signCookieValue(name, value, secret);
  let header: string;
  try {
    const attributes: SerializeOptions = { ...rest, httpOnly };
    if (path !== false) attributes.path = path;
    if (sameSite !== false) attributes.sameSite = sameSite;
    header = serialize(name, cookieValue, attributes);
  } catch (cause) {
    throw new MiddlewareError(
      'FRAMEWORK_ERR_COOKIE_INVALID',
      `setCookie(${JSON.stringify(name)}): ${(cause as Error).message}`,
      {
        cause,
      },
    );
  }
  if (header.length > MAX_SET_COOKIE_LENGTH) {
    throw new MiddlewareError(
      'FRAMEWORK_ERR_COOKIE_INVALID',
      `setCookie(${JSON.stringify(name)}): the cookie is ${header.length} bytes; browsers drop cookies over ${MAX_SET_COOKIE_LENGTH}.`,
    );
  }
  return editHeaders(response, (headers) => headers.append('set-cookie', header));
}

/**
 * Asks the browser to drop a cookie (`Max-Age=0` and an expiry in the past); give the same `path`
 * and `domain` it was set with.
 */
export function deleteCookie(
  response: AnyResponse,
  name: string,
  options: Pick<SetCookieOptions, 'domain' | 'path' | 'secure' | 'partitioned' | 'sameSite'> = {},
): AnyResponse {
  return setCookie(response, name, '', { ...options, maxAge: 0, expires: new Date(0) });
}
