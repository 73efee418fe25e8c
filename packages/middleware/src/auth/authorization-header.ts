import type { ServerRequest } from '@framework/application';

/** Longest `Authorization` header `basicAuth()` and `bearerAuth()` read; a longer one is refused unread. */
export const MAX_AUTHORIZATION_LENGTH = 4096;

/** What a request's `Authorization` header holds for one scheme. */
export type Authorization =
  | { readonly state: 'absent' }
  | { readonly state: 'too-long' }
  | { readonly state: 'malformed' }
  | { readonly state: 'present'; readonly token68: string };

// RFC 9110 token68, the syntax of Basic credentials and of RFC 6750 bearer tokens.
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;

/** Whether `value` has token68 syntax (RFC 9110 §11.2). */
export function isToken68(value: string): boolean {
  return TOKEN68.test(value);
}

/**
 * Reads `Authorization: <scheme> <token68>`, the scheme compared without case. A header of another
 * scheme counts as absent (the request offers nothing this middleware reads); one longer than
 * `maxLength` is reported before its credentials are looked at.
 */
export function readAuthorization(
  request: ServerRequest,
  scheme: 'basic' | 'bearer',
  maxLength: number,
): Authorization {
  const header = request.header('authorization');
  if (header === undefined) return { state: 'absent' };
  const space = header.indexOf(' ');
  const name = space === -1 ? header : header.slice(0, space);
  if (name.toLowerCase() !== scheme) return { state: 'absent' };
  if (header.length > maxLength) return { state: 'too-long' };
  const token68 = space === -1 ? '' : header.slice(space + 1).replace(/^ +/, '');
  return isToken68(token68) ? { state: 'present', token68 } : { state: 'malformed' };
}
