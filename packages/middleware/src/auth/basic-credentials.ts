/** A user name and password from `Authorization: Basic` (RFC 7617). */
export interface BasicCredentials {
  readonly username: string;
  readonly password: string;
}

// Canonical padded base64, nothing atob() would quietly skip or repair.
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
// RFC 7617: neither part may hold a control character.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\x00-\x1f\x7f]/;
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The user-pass inside Basic credentials: strict base64 of UTF-8 text, split at the first `:` (a user
 * id cannot hold one; a password can). Undefined when any of that fails.
 */
export function decodeBasicCredentials(
  token68: string,
): { pair: string; credentials: BasicCredentials } | undefined {
  if (!BASE64.test(token68)) return undefined;
  let pair: string;
  try {
    pair = utf8.decode(Uint8Array.from(atob(token68), (char) => char.charCodeAt(0)));
  } catch {
    return undefined;
  }
  const colon = pair.indexOf(':');
  if (colon === -1 || CONTROL.test(pair)) return undefined;
  return { pair, credentials: { username: pair.slice(0, colon), password: pair.slice(colon + 1) } };
}

/** Whether `username` can be sent in Basic credentials: no `:` and no control character. */
export function isSendableUsername(username: string): boolean {
  return !username.includes(':') && !CONTROL.test(username);
}

/** Whether `password` can be sent in Basic credentials: no control character. */
export function isSendablePassword(password: string): boolean {
  return !CONTROL.test(password);
}
