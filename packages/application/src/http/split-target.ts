/**
 * Cheap request-target parsing: split at the first `?` (and drop any `#fragment`) instead of building
 * a `URL` per request. Absolute-form targets (`http://host/path`) keep only their path.
 */

const HTTP_SCHEME = /^https?$/i;
const AUTHORITY_END = /[/?#]/;

/**
 * Where the path starts in a request target; -1 when the target is neither origin-form (`/path`) nor
 * a valid absolute-form http(s) URL with a host (this includes the asterisk-form `*` and `http:///x`).
 */
function pathStart(target: string): number {
  if (target.charCodeAt(0) === 47 /* / */) return 0;
  const scheme = target.indexOf('://');
  if (scheme === -1 || !HTTP_SCHEME.test(target.slice(0, scheme)) || !URL.canParse(target)) return -1;
  const authority = scheme + 3;
  const end = target.slice(authority).search(AUTHORITY_END);
  // An empty host (`http:///admin`) is invalid (RFC 9110 §4.2.1), though WHATWG URL parsing accepts it.
  if (end === 0) return -1;
  return end === -1 ? target.length : authority + end;
}

/**
 * The path and raw query string (without `?`) of a request target. A target that is neither a path nor
 * an http(s) URL (`*`, `http://[::1`) is kept whole as the path: it does not start with `/`, and the
 * routing middleware answers it with a 400 (or a 404 for `OPTIONS *`).
 */
export function splitTarget(target: string): { path: string; query: string } {
  const start = pathStart(target);
  return start === -1 ? { path: target, query: '' } : splitTargetAt(target, start);
}

/** `splitTarget` of a target whose path is known to begin at `start` (an absolute URL already parsed). */
export function splitTargetAt(target: string, start: number): { path: string; query: string } {
  let end = target.indexOf('#', start);
  if (end === -1) end = target.length;
  const question = target.indexOf('?', start);
  if (question === -1 || question > end) {
    const path = target.slice(start, end);
    return { path: path === '' ? '/' : path, query: '' };
  }
  const path = target.slice(start, question);
  return { path: path === '' ? '/' : path, query: target.slice(question + 1, end) };
}
