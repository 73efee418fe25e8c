// The methods of RFC 9110 and RFC 5789 (PATCH) the HTTP semantic conventions name; any other is `_OTHER`.
const KNOWN_METHODS = new Set([
  'CONNECT',
  'DELETE',
  'GET',
  'HEAD',
  'OPTIONS',
  'PATCH',
  'POST',
  'PUT',
  'TRACE',
]);

/** `http.request.method` and, for a method the conventions do not know, `http.request.method_original`. */
export interface NormalizedMethod {
  readonly method: string;
  readonly original: string | undefined;
}

/** The method as the conventions record it: a known one as is, any other as `_OTHER` (bounded cardinality). */
export function normalizeMethod(method: string): NormalizedMethod {
  return KNOWN_METHODS.has(method) ? { method, original: undefined } : { method: '_OTHER', original: method };
}

/** `{method} {route}`, `{method}` without a route; an unknown method reads `HTTP`, as the conventions ask. */
export function spanNameOf(method: string, route: string | undefined): string {
  const verb = method === '_OTHER' ? 'HTTP' : method;
  return route === undefined ? verb : `${verb} ${route}`;
}
