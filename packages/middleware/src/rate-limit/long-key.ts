/** Keys longer than this are stored as their SHA-256 digest, so no key costs the store more. */
export const MAX_PLAIN_KEY_LENGTH = 200;

const DIGEST = 'sha256:';
const LONE_SURROGATE = /\p{Cs}/u;
const encoder = new TextEncoder();

/**
 * `key` as the store holds it: itself when short, else `sha256:` and its digest in hex. A key
 * function that reads a header (an API key) then cannot make the store hold long strings. A short key
 * is digested too when it starts with `sha256:` (it would stand for another client's long key) or
 * holds a lone surrogate (UTF-8 would make it another client's key).
 */
export async function storedKey(key: string): Promise<string> {
  const illFormed = LONE_SURROGATE.test(key);
  if (key.length <= MAX_PLAIN_KEY_LENGTH && !key.startsWith(DIGEST) && !illFormed) return key;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytesOf(key, illFormed)));
  let hex = DIGEST;
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/**
 * The bytes of `key`, one key one sequence. UTF-8 (what Redis is sent) turns every lone surrogate into
 * U+FFFD, so an ill-formed key is taken as its JSON text, which escapes them, after a 0xFF byte that
 * no UTF-8 text holds.
 */
function bytesOf(key: string, illFormed: boolean): Uint8Array {
  if (!illFormed) return encoder.encode(key);
  const json = encoder.encode(JSON.stringify(key));
  const bytes = new Uint8Array(json.length + 1);
  bytes[0] = 0xff;
  bytes.set(json, 1);
  return bytes;
}
