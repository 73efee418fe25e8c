import { MiddlewareError } from '../errors';

/** The attributes the browser rules below look at. */
export interface CookieRuleAttributes {
  readonly secure?: boolean;
  readonly domain?: string;
  readonly path?: string | false;
  readonly sameSite?: string | false;
  readonly partitioned?: boolean;
}

/**
 * Throws when browsers would silently drop the cookie (RFC 6265bis §4.1.3, CHIPS): a `__Secure-` or
 * `__Host-` name without `Secure`, a `__Host-` name with `Domain` or a path other than `/`, and
 * `SameSite=None` or `Partitioned` without `Secure`. Prefixes are matched without case, as browsers do.
 */
export function checkBrowserRules(name: string, attributes: CookieRuleAttributes): void {
  const secure = attributes.secure === true;
  const lower = name.toLowerCase();
  if (lower.startsWith('__secure-') && !secure) refuse(name, 'a __Secure- cookie needs { secure: true }.');
  if (lower.startsWith('__host-')) {
    if (!secure) refuse(name, 'a __Host- cookie needs { secure: true }.');
    if (attributes.domain !== undefined) refuse(name, 'a __Host- cookie may not have a domain.');
    if (attributes.path !== '/') refuse(name, "a __Host- cookie needs path '/'.");
  }
  if (String(attributes.sameSite).toLowerCase() === 'none' && !secure)
    refuse(name, "sameSite 'none' needs { secure: true }; browsers drop the cookie without it.");
  if (attributes.partitioned === true && !secure)
    refuse(name, 'partitioned needs { secure: true }; browsers drop the cookie without it.');
}

function refuse(name: string, problem: string): never {
  throw new MiddlewareError('FRAMEWORK_ERR_COOKIE_INVALID', `setCookie(${JSON.stringify(name)}): ${problem}`);
}
