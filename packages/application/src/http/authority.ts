/**
 * An authority as RFC 3986 writes it, without userinfo: a bracketed IP literal or a non-empty
 * reg-name (which covers IPv4), then an optional port. No `@`, `/`, `?`, `#` or whitespace can pass,
 * so a host put in front of a target never changes the URL's path or query.
 */
const AUTHORITY = /^(?:\[[0-9A-Fa-f:.]+\]|(?:[\w\-.~!$&'()*+,;=]|%[0-9A-Fa-f]{2})+)(?::\d*)?$/;

/** Whether a `Host` value is a host with an optional port, and nothing else. */
export function isAuthority(host: string): boolean {
  return AUTHORITY.test(host);
}
