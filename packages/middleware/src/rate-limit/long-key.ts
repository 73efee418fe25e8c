/** Keys longer than this are stored as their SHA-256 digest, so no key costs the store more. */
export const MAX_PLAIN_KEY_LENGTH = 200;

const encoder = new TextEncoder();

/**
 * `key` as the store holds it: itself when short, else `sha256:` and its digest in hex. A key
 * function that reads a header (an API key) then cannot make the store hold long strings.
 */
export async function storedKey(key: string): Promise<string> {
  if (key.length <= MAX_PLAIN_KEY_LENGTH) return key;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(key)));
  let hex = 'sha256:';
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
