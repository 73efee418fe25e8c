import { createHmac, timingSafeEqual } from 'node:crypto';

/** Signs a cookie value: `value.signature`, the signature an HMAC-SHA256 of the value (base64url). */
export function signCookieValue(value: string, secret: string): string {
  return `${value}.${signature(value, secret)}`;
}

/**
 * The value inside a signed cookie when one of the secrets signed it (the first signs, the others are
 * older secrets still accepted), else false. Signatures are compared in constant time.
 */
export function unsignCookieValue(signed: string, secrets: string | readonly string[]): string | false {
  const dot = signed.lastIndexOf('.');
  if (dot === -1) return false;
  const value = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1));
  for (const secret of typeof secrets === 'string' ? [secrets] : secrets) {
    const expected = Buffer.from(signature(value, secret));
    if (given.length === expected.length && timingSafeEqual(given, expected)) return value;
  }
  return false;
}

function signature(value: string, secret: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url');
}
