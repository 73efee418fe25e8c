/** The origin `app.request()` gives a path. */
const LOCAL_ORIGIN = 'http://localhost';
const SCHEME = /^[a-z][a-z\d+.-]*:/i;

/**
 * The `Request` `app.request(input, init)` answers: a string without a scheme is a path on
 * `http://localhost` (`'/ping'`; `'//x'` stays a path, never a host), anything else is what
 * `new Request(input, init)` makes of it.
 */
export function requestOf(input: string | URL | Request, init?: RequestInit): Request {
  if (typeof input !== 'string' || SCHEME.test(input)) return new Request(input, init);
  return new Request(`${LOCAL_ORIGIN}${input.startsWith('/') ? '' : '/'}${input}`, init);
}
