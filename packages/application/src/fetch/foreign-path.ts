import { hexValue } from '../http/hex-value';

/**
 * A segment the WHATWG URL parser resolves away: `.` or `..`, each dot possibly written `%2e` (the URL
 * Standard's single-dot and double-dot path segments).
 */
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i;

/**
 * Why a foreign fetch handler could take `path` for another path than the one our pipeline matched,
 * or `undefined`. Our routing and path-limited pipes read the path as text; the handler's `Request`
 * URL resolves dot segments and reads `\` as `/`, and frameworks decode percent-escapes before
 * routing (Hono routes `/%61dmin` as `/admin`). Escapes in canonical form (RFC 3986 §6.2.2: upper-case
 * hex, none for a character that needs none) decode to the text a prefix written in the application
 * names, so only the other forms are refused.
 */
export function foreignPathProblem(path: string): string | undefined {
  if (path.includes('\\') || DOT_SEGMENT.test(path)) {
    return "holds a dot segment or a backslash, which the handler's URL resolves to another path";
  }
  if (hasNonCanonicalEscape(path)) {
    return 'holds a percent-escape of a letter, digit or "-._~", or one in lower-case hex, which the handler may decode to another path';
  }
  return undefined;
}

/** Whether a `%XX` of `path` uses lower-case hex or stands for an unreserved character (RFC 3986 §2.3). */
function hasNonCanonicalEscape(path: string): boolean {
  for (let i = path.indexOf('%'); i !== -1 && i + 2 < path.length; i = path.indexOf('%', i + 1)) {
    const high = hexValue(path.charCodeAt(i + 1));
    const low = hexValue(path.charCodeAt(i + 2));
    if (high === -1 || low === -1) continue;
    if (isLowerHexLetter(path.charCodeAt(i + 1)) || isLowerHexLetter(path.charCodeAt(i + 2))) return true;
    if (isUnreserved(high * 16 + low)) return true;
  }
  return false;
}

function isLowerHexLetter(code: number): boolean {
  return code >= 97 && code <= 102;
}

function isUnreserved(byte: number): boolean {
  return (
    (byte >= 48 && byte <= 57) ||
    (byte >= 65 && byte <= 90) ||
    (byte >= 97 && byte <= 122) ||
    byte === 45 ||
    byte === 46 ||
    byte === 95 ||
    byte === 126
  );
}
