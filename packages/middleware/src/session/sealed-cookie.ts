import { fromBase64url, toBase64url } from './base64url';
import type { SessionKeys } from './session-keys';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Encrypts and authenticates `plaintext` with AES-256-GCM under the first cookie key: a fresh random
 * 96-bit IV, the cookie's name as associated data (a value sealed for one cookie never opens as
 * another), base64url of IV and ciphertext with its tag.
 */
export async function seal(keys: SessionKeys, name: string, plaintext: string): Promise<string> {
  const [key] = await keys.cookieKeys();
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: encoder.encode(name) },
    key!,
    encoder.encode(plaintext),
  );
  const bytes = new Uint8Array(IV_BYTES + sealed.byteLength);
  bytes.set(iv);
  bytes.set(new Uint8Array(sealed), IV_BYTES);
  return toBase64url(bytes);
}

/**
 * The plaintext of a value `seal` made for the cookie `name` under any of the keys, or undefined for
 * anything else (edited, cut short, another secret, another cookie, not base64url). Never throws.
 */
export async function open(keys: SessionKeys, name: string, value: string): Promise<string | undefined> {
  const bytes = fromBase64url(value);
  if (bytes === undefined || bytes.length <= IV_BYTES + TAG_BYTES) return undefined;
  const iv = bytes.subarray(0, IV_BYTES);
  const sealed = bytes.subarray(IV_BYTES);
  const additionalData = encoder.encode(name);
  for (const key of await keys.cookieKeys()) {
    try {
      const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv, additionalData }, key, sealed);
      return decoder.decode(plain);
    } catch {
      // Not sealed under this key: try the next one.
    }
  }
  return undefined;
}
