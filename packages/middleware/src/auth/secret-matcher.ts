const encoder = new TextEncoder();

type HmacKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

/**
 * Finds which of a fixed list of secrets equals a candidate, in time that does not depend on where
 * they differ or on their lengths: both sides are reduced to HMAC-SHA256 digests under a random key
 * made for this matcher, every digest is compared in full, and no comparison stops early. Web Crypto
 * only, so it runs on every runtime.
 */
export class SecretMatcher {
  private digests: Promise<{ key: HmacKey; digests: Uint8Array[] }> | undefined;

  constructor(private readonly secrets: readonly string[]) {}

  /** The index of the secret equal to `candidate`, or -1. */
  async indexOf(candidate: string): Promise<number> {
    const { key, digests } = await (this.digests ??= this.prepare());
    const given = await digest(key, candidate);
    let found = -1;
    for (let i = 0; i < digests.length; i++) {
      if (equalDigests(given, digests[i] as Uint8Array) && found === -1) found = i;
    }
    return found;
  }

  private async prepare(): Promise<{ key: HmacKey; digests: Uint8Array[] }> {
    const key = await crypto.subtle.importKey(
      'raw',
      crypto.getRandomValues(new Uint8Array(32)),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    return { key, digests: await Promise.all(this.secrets.map((secret) => digest(key, secret))) };
  }
}

async function digest(key: HmacKey, value: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(value)));
}

function equalDigests(a: Uint8Array, b: Uint8Array): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < a.length; i++) difference |= (a[i] as number) ^ (b[i] as number);
  return difference === 0;
}
