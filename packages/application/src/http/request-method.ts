/** The methods a WHATWG `Request` upper-cases whatever their case (Fetch Standard, "normalize a method"). */
const NORMALIZED_METHODS = new Set(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT']);

/**
 * `method` as a WHATWG `Request` reads it: DELETE, GET, HEAD, OPTIONS, POST and PUT upper-cased in any
 * case, every other method as sent (`patch` stays `patch`). HTTP/2 carries `:method` in any case; read
 * as sent, `delete` passed a guard comparing `request.method === 'DELETE'` while a fetch handler
 * mounted behind it ran it as DELETE.
 */
export function normalizeMethod(method: string): string {
  if (method === 'GET' || NORMALIZED_METHODS.has(method)) return method;
  const upper = method.toUpperCase();
  return NORMALIZED_METHODS.has(upper) ? upper : method;
}
