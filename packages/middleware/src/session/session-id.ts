import { toBase64url } from './base64url';

/** Random bytes in a session id: 192 bits, far beyond the 128 that OWASP asks for. */
const ID_BYTES = 24;
const ID_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** A new session id: 24 bytes from `crypto.getRandomValues`, as 32 base64url characters. */
export function newSessionId(): string {
  return toBase64url(crypto.getRandomValues(new Uint8Array(ID_BYTES)));
}

/** Whether `value` has the shape of a session id (checked before any store is asked). */
export function isSessionId(value: string | undefined): value is string {
  return value !== undefined && ID_PATTERN.test(value);
}
