/**
 * Where the path starts in the URL of a WHATWG `Request` (already parsed and serialized by the
 * runtime, so no `URL` is built again): after `http://host:port` or `https://…`; -1 for another scheme.
 */
export function webPathStart(url: string): number {
  const authority = url.startsWith('http://') ? 7 : url.startsWith('https://') ? 8 : -1;
  if (authority === -1) return -1;
  const slash = url.indexOf('/', authority);
  return slash === -1 ? url.length : slash;
}

/** The `http://host:port` of a Request URL. */
export function originOf(url: string): string {
  const start = webPathStart(url);
  return start === -1 ? url : url.slice(0, start);
}
