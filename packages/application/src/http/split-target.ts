/**
 * Cheap request-target parsing: split at the first `?` (and drop any `#fragment`) instead of building
 * a `URL` per request. Absolute-form targets (`http://host/path`) keep only their path.
 */
export function pathStart(target: string): number {
  if (target.charCodeAt(0) === 47 /* / */) return 0;
  const scheme = target.indexOf('://');
  if (scheme === -1) return 0;
  const slash = target.indexOf('/', scheme + 3);
  return slash === -1 ? target.length : slash;
}

/** The path and raw query string (without `?`) of a request target. */
export function splitTarget(target: string): { path: string; query: string } {
  const start = pathStart(target);
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

/** True when the path holds a `%` escape that does not decode (bad hex or invalid UTF-8). */
export function hasMalformedEscape(path: string): boolean {
  if (path.indexOf('%') === -1) return false;
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}
