/** How many content types keep a shared `Headers`; others get a new one per response. */
const MAX_SHARED = 32;

const shared = new Map<string, Headers>();

/**
 * A `Headers` holding only `content-type: type`, shared between responses: `new Response(body, { headers })`
 * copies the headers it is given, and a copy of a `Headers` costs a runtime about half of building one
 * from a plain object. Never hand it to anything that keeps it.
 */
// The fetch path: one lookup instead of a header list parsed per response.
export function contentTypeHeaders(type: string): Headers {
  let headers = shared.get(type);
  if (headers === undefined) {
    headers = new Headers({ 'content-type': type });
    if (shared.size < MAX_SHARED) shared.set(type, headers);
  }
  return headers;
}
