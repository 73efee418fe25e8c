import { parse } from 'cookie';
import { MAX_COOKIE_VALUE_LENGTH, MAX_REQUEST_COOKIES } from './cookie-limits';

/** Request cookies by name: a null-prototype object, so any name (even `__proto__`) is a plain key. */
export type RequestCookies = Readonly<Record<string, string>>;

/**
 * Parses a `Cookie` header. The first cookie of a name wins (the most specific path, as browsers
 * order them), even when its value is over the length limit and ignored; pairs without `=` and
 * cookies past the count limit are ignored too; a value whose percent-escapes are malformed is kept
 * as sent.
 */
export function parseCookieHeader(header: string | undefined): RequestCookies {
  const cookies: Record<string, string> = Object.create(null);
  if (header === undefined || header === '') return Object.freeze(cookies);
  const parsed = parse(header, { decode: boundedDecode });
  let count = 0;
  for (const name in parsed) {
    const value = parsed[name] as string;
    // Skipped here, not in the decoder: a later cookie of the same name must not take its place.
    if (value.length > MAX_COOKIE_VALUE_LENGTH) continue;
    cookies[name] = value;
    if (++count === MAX_REQUEST_COOKIES) break;
  }
  return Object.freeze(cookies);
}

/** An oversized value is returned as sent, undecoded (decoding never makes a value longer). */
function boundedDecode(value: string): string {
  if (value.length > MAX_COOKIE_VALUE_LENGTH) return value;
  if (value.indexOf('%') === -1) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
