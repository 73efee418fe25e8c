import { invalidOption, MiddlewareError } from '../errors';
import { describe } from '../shared/check-options';
import { MIN_HMAC_SECRET_BYTES } from './jwt-algorithms';

/** Fewest different bytes an HMAC secret must hold. */
const MIN_DISTINCT_BYTES = 8;

/**
 * The `secret` option as bytes, refused when an attacker could guess it offline from one token: shorter
 * than the hash of the strongest listed HMAC algorithm (32 bytes for HS256, RFC 7518 §3.2), or fewer
 * than 8 different bytes (32 spaces, one repeated letter).
 */
export function hmacSecretOption(secret: unknown, algorithms: readonly string[]): Uint8Array {
  const bytes =
    typeof secret === 'string'
      ? new TextEncoder().encode(secret)
      : secret instanceof Uint8Array
        ? new Uint8Array(secret)
        : undefined;
  if (bytes === undefined)
    throw invalidOption('jwt', 'secret', `must be a string or a Uint8Array, got ${describe(secret)}.`);
  const needed = Math.max(...algorithms.map((algorithm) => MIN_HMAC_SECRET_BYTES[algorithm] ?? 0));
  if (bytes.length >= needed && new Set(bytes).size >= MIN_DISTINCT_BYTES) return bytes;
  throw new MiddlewareError(
    'FRAMEWORK_ERR_AUTH_WEAK_SECRET',
    `jwt: option \`secret\` must be at least ${needed} bytes for ${algorithms.join(', ')} with at least ` +
      `${MIN_DISTINCT_BYTES} different ones; generate one with ` +
      `\`node -e "console.log(require('node:crypto').randomBytes(${needed}).toString('base64url'))"\`.`,
  );
}
