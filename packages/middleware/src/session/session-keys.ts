type SubtleKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;
type DerivedAlgorithm = Parameters<typeof crypto.subtle.deriveKey>[2];
type KeyUsages = Parameters<typeof crypto.subtle.deriveKey>[4];

const encoder = new TextEncoder();
const SALT = encoder.encode('@framework/middleware session');

/**
 * The keys `session()` derives from its secrets with HKDF-SHA256, one per secret and purpose, so the
 * secret itself never keys anything and the cookie key and the CSRF key are unrelated. The first secret's
 * keys seal and sign; all of them open and verify, so a secret is rotated by putting a new one first.
 * Derived once, on first use, with Web Crypto.
 */
export class SessionKeys {
  private sealing: Promise<SubtleKey[]> | undefined;
  private binding: Promise<SubtleKey[]> | undefined;

  constructor(private readonly secrets: readonly string[]) {}

  /** AES-256-GCM keys for cookie-only sessions, the sealing one first. */
  cookieKeys(): Promise<SubtleKey[]> {
    return (this.sealing ??= this.derive('session-cookie aes-256-gcm', { name: 'AES-GCM', length: 256 }, [
      'encrypt',
      'decrypt',
    ]));
  }

  /** HMAC-SHA256 keys that bind CSRF tokens to a session, the signing one first. */
  tokenKeys(): Promise<SubtleKey[]> {
    return (this.binding ??= this.derive(
      'csrf-token hmac-sha256',
      { name: 'HMAC', hash: 'SHA-256', length: 256 },
      ['sign', 'verify'],
    ));
  }

  private derive(purpose: string, algorithm: DerivedAlgorithm, usages: KeyUsages): Promise<SubtleKey[]> {
    const info = encoder.encode(purpose);
    return Promise.all(
      this.secrets.map(async (secret) => {
        const material = await crypto.subtle.importKey('raw', encoder.encode(secret), 'HKDF', false, [
          'deriveKey',
        ]);
        return crypto.subtle.deriveKey(
          { name: 'HKDF', hash: 'SHA-256', salt: SALT, info },
          material,
          algorithm,
          false,
          usages,
        );
      }),
    );
  }
}

export type { SubtleKey };
