/**
 * A segment the WHATWG URL parser resolves away: `.` or `..`, each dot possibly written `%2e` (the URL
 * Standard's single-dot and double-dot path segments).
 */
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i;

/**
 * Whether a WHATWG URL would give `path` another path than the one routed: it holds a dot segment, or
 * a `\`, which the parser reads as `/` in http(s) URLs. Our routing takes both as text.
 */
export function isResolvedElsewhereByUrl(path: string): boolean {
  return path.includes('\\') || DOT_SEGMENT.test(path);
}
