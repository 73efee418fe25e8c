import { createHmac, timingSafeEqual } from 'node:crypto';
import { checkCookieSecret } from './cookie-secret';

/**
 * Signs the value of the cookie `name`: `value.signature`, the signature an HMAC-SHA256 (base64url)
 * of `name=value`, as Keygrip signs, so a value signed for one cookie never verifies as another.
 * The secret must be at least 32 characters (`FRAMEWORK_ERR_COOKIE_WEAK_SECRET`).
 *
 * @example
 * const signed = signCookieValue('session', 'user-7', process.env.COOKIE_SECRET!);
 */
export function signCookieValue(name: string, value: string, secret: string): string {
  checkCookieSecret(secret, 'signCookieValue: the secret');
  return `${value}.${signature(name, value, secret)}`;
}

/**
 * The value inside the signed cookie `name` when one of the secrets signed it for that name (the
 * first secret signs, the others are older ones still accepted), else false. Signatures are compared
 * in constant time.
 */
export function unsignCookieValue(
  name: string,
  signed: string,
  secrets: string | readonly string[],
): string | false {
  const list = typeof secrets === 'string' ? [secrets] : secrets;
  for (const secret of list) checkCookieSecret(secret, 'unsignCookieValue: each secret');
  return verifiedValue(name, signed, list);
}

/** `unsignCookieValue` for secrets already checked. */
export function verifiedValue(name: string, signed: string, secrets: readonly string[]): string | false {
  const dot = signed.lastIndexOf('.');
  if (dot === -1) return false;
  const value = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1));
  for (const secret of secrets) {
    const expected = Buffer.from(signature(name, value, secret));
    if (given.length === expected.length && timingSafeEqual(given, expected)) return value;
  }
  return false;
}

function signature(name: string, value: string, secret: string): string {
  return createHmac('sha256', secret).update(`${name}=${value}`).digest('base64url');
}
