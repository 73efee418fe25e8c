import { parse } from 'cookie';
import { MAX_COOKIE_VALUE_LENGTH, MAX_REQUEST_COOKIES } from './cookie-limits';

/** Request cookies by name: a null-prototype object, so any name (even `__proto__`) is a plain key. */
export type RequestCookies = Readonly<Record<string, string>>;

/**
 * Parses a `Cookie` header. The first cookie of a name wins (the most specific path, as browsers
 * order them); pairs without `=`, values over the length limit and cookies past the count limit are
 * ignored; a value whose percent-escapes are malformed is kept as sent.
 */
export function parseCookieHeader(header: string | undefined): RequestCookies {
  const cookies: Record<string, string> = Object.create(null);
  if (header === undefined || header === '') return Object.freeze(cookies);
  const parsed = parse(header, { decode: boundedDecode });
  let count = 0;
  for (const name in parsed) {
    const value = parsed[name];
    if (value === undefined) continue;
    cookies[name] = value;
    if (++count === MAX_REQUEST_COOKIES) break;
  }
  return Object.freeze(cookies);
}

function boundedDecode(value: string): string | undefined {
  if (value.length > MAX_COOKIE_VALUE_LENGTH) return undefined;
  if (value.indexOf('%') === -1) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
