import { invalidOption } from '../errors';
import { describe } from '../shared/check-options';

/** The JWS algorithms `jwt()` verifies (RFC 7518, RFC 8037). `none` is never one of them. */
export const JWT_ALGORITHMS = [
  'HS256',
  'HS384',
  'HS512',
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
] as const;

/** A JWS algorithm `jwt()` accepts in its `algorithms` allow-list. */
export type JwtAlgorithm = (typeof JWT_ALGORITHMS)[number];

/** Shortest HMAC secret per algorithm: the size of its hash (RFC 7518 §3.2). */
export const MIN_HMAC_SECRET_BYTES: Readonly<Record<string, number>> = { HS256: 32, HS384: 48, HS512: 64 };

export function isHmacAlgorithm(algorithm: string): boolean {
  return algorithm.startsWith('HS');
}

/** The `algorithms` option, checked: a non-empty list of known algorithms, without duplicates. */
export function algorithmsOption(algorithms: unknown): readonly JwtAlgorithm[] {
  if (!Array.isArray(algorithms) || algorithms.length === 0)
    throw invalidOption(
      'jwt',
      'algorithms',
      `is required: list the algorithms your tokens are signed with, such as ['RS256'] or ['HS256']; got ${describe(algorithms)}.`,
    );
  for (const algorithm of algorithms) {
    if (!(JWT_ALGORITHMS as readonly unknown[]).includes(algorithm))
      throw invalidOption(
        'jwt',
        'algorithms',
        `holds ${describe(algorithm)}, which is not a JWS algorithm jwt() verifies` +
          `${String(algorithm).toLowerCase() === 'none' ? ' (unsigned tokens are never accepted)' : ''}. ` +
          `Known: ${JWT_ALGORITHMS.join(', ')}.`,
      );
  }
  return Object.freeze([...new Set(algorithms as JwtAlgorithm[])]);
}
