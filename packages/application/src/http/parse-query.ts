import { hexValue } from './hex-value';

/** A parsed query string or form body: null prototype; a repeated key gives an array, in order. */
export interface ParsedQuery {
  [key: string]: string | string[] | undefined;
}

/** Keys `request.query` reads at most, as Node's `querystring.parse` (later pairs are ignored). */
export const DEFAULT_MAX_QUERY_KEYS = 1000;

const ENCODED_BYTE = /%[0-9A-Fa-f]{2}/;
const PLUS = /\+/g;

/**
 * Parses `a=1&b=2&a=3` the way Node's `querystring.parse` does, without `node:querystring`: `+` is a
 * space, a part without `=` is a key with the value `''`, empty parts are skipped but count toward
 * `maxPairs` (0 = no cap), and a malformed escape is kept as it is (`%zz` stays `%zz`) while the valid
 * escapes around it are decoded.
 */
export function parseQuery(text: string, maxPairs: number = DEFAULT_MAX_QUERY_KEYS): ParsedQuery {
  const result = Object.create(null) as ParsedQuery;
  if (text === '') return result;
  let pairs = maxPairs > 0 ? maxPairs : -1;
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('&', start);
    if (end === -1) end = text.length;
    if (end > start) {
      const part = text.slice(start, end);
      const equals = part.indexOf('=');
      const key = equals === -1 ? part : part.slice(0, equals);
      const value = equals === -1 ? '' : part.slice(equals + 1);
      const probe = value.indexOf('+') === -1 ? value : value.replace(PLUS, '');
      add(result, decodePart(key, key), decodePart(value, probe));
    } else if (end === text.length) break; // a trailing '&' ends the input
    if (--pairs === 0) break;
    start = end + 1;
  }
  return result;
}

function add(result: ParsedQuery, key: string, value: string): void {
  const current = result[key];
  if (current === undefined) result[key] = value;
  else if (Array.isArray(current)) current.push(value);
  else result[key] = [current, value];
}

/**
 * `part` with `+` as a space, decoded when `probe` holds an escape. Node looks for one in a value with
 * its `+` signs left out (`%+41` counts as an escape there) but not in a key: `probe` says where.
 */
function decodePart(part: string, probe: string): string {
  const spaced = part.indexOf('+') === -1 ? part : part.replace(PLUS, ' ');
  if (!ENCODED_BYTE.test(probe)) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return decodeLeniently(spaced);
  }
}

const decoder = /* @__PURE__ */ new TextDecoder();

/**
 * Decodes the valid `%XX` escapes and keeps the rest as it is, then reads the bytes as UTF-8 (an
 * invalid sequence becomes U+FFFD): Node's `querystring.unescapeBuffer`. Characters stand for one
 * byte each, as a request target's characters do.
 */
function decodeLeniently(text: string): string {
  const bytes = new Uint8Array(text.length);
  let length = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 37 /* % */ && index < text.length - 2) {
      const high = hexValue(text.charCodeAt(index + 1));
      const low = hexValue(text.charCodeAt(index + 2));
      if (high !== -1 && low !== -1) {
        bytes[length++] = high * 16 + low;
        index += 2;
        continue;
      }
    }
    bytes[length++] = code & 0xff;
  }
  return decoder.decode(bytes.subarray(0, length));
}
