import {
  createLocalJWKSet,
  createRemoteJWKSet,
  type CryptoKey,
  type JSONWebKeySet,
  type JWK,
  type JWTVerifyGetKey,
  type KeyObject,
} from 'jose';
import { invalidOption } from '../errors';
import { describe } from '../shared/check-options';
import { isHmacAlgorithm } from './jwt-algorithms';
import { oneOf } from './one-of-options';
import { hmacSecretOption } from './jwt-secret';

/** Where `jwt()` finds the key that verifies a token. */
export interface JwtKeySource {
  /** An HMAC secret, for HS256 / HS384 / HS512. */
  readonly secret?: string | Uint8Array;
  /** A public key: a `CryptoKey`, a Node `KeyObject`, or a public JWK. */
  readonly key?: CryptoKey | KeyObject | JWK;
  /** A JSON Web Key Set: its https URL (fetched and cached), or the set itself (`{ keys: [...] }`). */
  readonly jwks?: string | URL | JSONWebKeySet;
}

/** Cache settings of a fetched key set, in milliseconds; jose's defaults apply when absent. */
export interface RemoteKeySetTimes {
  readonly jwksTimeout?: number;
  readonly jwksCooldown?: number;
  readonly jwksCacheMaxAge?: number;
}

/** The verification key, and whether it is fetched (then failures to get it answer 503). */
export interface JwtKey {
  readonly key: Uint8Array | CryptoKey | KeyObject | JWK | JWTVerifyGetKey;
  readonly remote: boolean;
}

/**
 * The key from exactly one of `secret`, `key` and `jwks`, matched against the algorithms: a secret
 * serves HMAC algorithms only and a public key or key set never does, so a token signed with HS256
 * over the bytes of a public key (algorithm confusion) is refused for its algorithm before any key
 * is used.
 */
export function jwtKey(
  source: JwtKeySource,
  algorithms: readonly string[],
  times: RemoteKeySetTimes,
): JwtKey {
  const kind = oneOf('jwt', source, ['secret', 'key', 'jwks']);
  const hmac = algorithms.filter(isHmacAlgorithm);
  if (kind === 'secret' ? hmac.length !== algorithms.length : hmac.length > 0)
    throw invalidOption(
      'jwt',
      'algorithms',
      kind === 'secret'
        ? 'may list only HS256, HS384 and HS512 with a `secret`; asymmetric algorithms need `key` or `jwks`.'
        : `lists ${hmac.join(', ')}, which needs a \`secret\`, not \`${kind}\`; one middleware never mixes them, so a public key cannot serve as an HMAC secret.`,
    );
  const remote = kind === 'jwks' && (typeof source.jwks === 'string' || source.jwks instanceof URL);
  const timed = (['jwksTimeout', 'jwksCooldown', 'jwksCacheMaxAge'] as const).find(
    (name) => times[name] !== undefined,
  );
  if (!remote && timed !== undefined)
    throw invalidOption('jwt', timed, 'applies only to a key set fetched from a `jwks` URL.');
  if (kind === 'secret') return { key: hmacSecretOption(source.secret, algorithms), remote: false };
  if (kind === 'key') return { key: publicKeyOption(source.key), remote: false };
  return keySetOption(source.jwks, times);
}

function publicKeyOption(key: unknown): CryptoKey | KeyObject | JWK {
  const fields =
    typeof key === 'object' && key !== null ? (key as { type?: unknown; kty?: unknown }) : undefined;
  if (fields === undefined)
    throw invalidOption(
      'jwt',
      'key',
      `must be a public CryptoKey, KeyObject or JWK, got ${describe(key)}; import a PEM with jose's importSPKI() or importX509().`,
    );
  if (fields.type === 'secret' || fields.type === 'private' || fields.kty === 'oct' || 'd' in fields)
    throw invalidOption(
      'jwt',
      'key',
      'must be a public key; give HMAC secrets as `secret`, and never the private key.',
    );
  return key as CryptoKey | KeyObject | JWK;
}

// Keys fetched over plain http could be swapped by anyone on the path; only a local server may serve them so.
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function keySetOption(jwks: unknown, times: RemoteKeySetTimes): JwtKey {
  if (typeof jwks === 'string' || jwks instanceof URL) {
    let url: URL;
    try {
      url = new URL(jwks);
    } catch {
      throw invalidOption('jwt', 'jwks', `must be an absolute URL, got ${describe(String(jwks))}.`);
    }
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname)))
      throw invalidOption(
        'jwt',
        'jwks',
        `must be an https URL (plain http only on a loopback host), got ${describe(url.href)}.`,
      );
    return {
      key: createRemoteJWKSet(url, {
        timeoutDuration: durationOption('jwksTimeout', times.jwksTimeout),
        cooldownDuration: durationOption('jwksCooldown', times.jwksCooldown),
        cacheMaxAge: durationOption('jwksCacheMaxAge', times.jwksCacheMaxAge),
      }),
      remote: true,
    };
  }
  const keys = typeof jwks === 'object' && jwks !== null ? (jwks as { keys?: unknown }).keys : undefined;
  if (!Array.isArray(keys))
    throw invalidOption(
      'jwt',
      'jwks',
      `must be an https URL or a key set { keys: [...] }, got ${describe(jwks)}.`,
    );
  if (keys.some((key) => typeof key !== 'object' || key === null || key.kty === 'oct' || 'd' in key))
    throw invalidOption('jwt', 'jwks', 'must hold public keys only; give HMAC secrets as `secret`.');
  return { key: createLocalJWKSet(jwks as JSONWebKeySet), remote: false };
}

function durationOption(option: string, value: unknown): number | undefined {
  if (value === undefined || (Number.isInteger(value) && (value as number) >= 0))
    return value as number | undefined;
  throw invalidOption(
    'jwt',
    option,
    `must be a whole number of milliseconds (0 or more), got ${describe(value)}.`,
  );
}
