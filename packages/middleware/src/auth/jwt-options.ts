import { invalidOption } from '../errors';
import { checkOptions, describe } from '../shared/check-options';
import { realmOption } from './challenge';
import { algorithmsOption, type JwtAlgorithm } from './jwt-algorithms';
import { type JwtKey, jwtKey, type JwtKeySource, type RemoteKeySetTimes } from './jwt-key';

/** Options of `jwt()`: `algorithms` and one of `secret`, `key` or `jwks` are required. */
export interface JwtOptions extends JwtKeySource, RemoteKeySetTimes {
  /**
   * The algorithms tokens may be signed with; there is no default, so a token can never choose a
   * weaker or unsigned one (`none` is refused).
   */
  readonly algorithms: readonly JwtAlgorithm[];
  /** The accepted `iss` (one or a list). */
  readonly issuer?: string | readonly string[];
  /** The accepted `aud` (one or a list; the token must name at least one). */
  readonly audience?: string | readonly string[];
  /** Seconds of clock difference allowed when checking `exp`, `nbf` and `iat` (default 0). */
  readonly clockTolerance?: number;
  /** Oldest accepted token, in seconds since its `iat` (which is then required). */
  readonly maxTokenAge?: number;
  /** Claims every token must carry, beyond those the other options require. */
  readonly requiredClaims?: readonly string[];
  /** A cookie to read the token from when the request has no `Authorization: Bearer` header. */
  readonly cookie?: string;
  /** The realm of the `WWW-Authenticate` challenge (default `'Restricted'`). */
  readonly realm?: string;
}

/** The checked options. */
export interface JwtSettings {
  readonly key: JwtKey;
  readonly algorithms: readonly JwtAlgorithm[];
  readonly issuer: readonly string[] | undefined;
  readonly audience: readonly string[] | undefined;
  readonly clockTolerance: number;
  readonly maxTokenAge: number | undefined;
  readonly requiredClaims: readonly string[] | undefined;
  readonly cookie: string | undefined;
  readonly realm: string;
}

const OPTIONS = [
  'secret',
  'key',
  'jwks',
  'algorithms',
  'issuer',
  'audience',
  'clockTolerance',
  'maxTokenAge',
  'requiredClaims',
  'cookie',
  'realm',
  'jwksTimeout',
  'jwksCooldown',
  'jwksCacheMaxAge',
];

const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

export function jwtSettings(options: JwtOptions): JwtSettings {
  const own = checkOptions('jwt', options, OPTIONS) as Partial<JwtOptions>;
  const algorithms = algorithmsOption(own.algorithms);
  return {
    key: jwtKey(own, algorithms, own),
    algorithms,
    issuer: stringsOption('issuer', own.issuer),
    audience: stringsOption('audience', own.audience),
    clockTolerance: secondsOption('clockTolerance', own.clockTolerance) ?? 0,
    maxTokenAge: secondsOption('maxTokenAge', own.maxTokenAge),
    requiredClaims: stringsOption('requiredClaims', own.requiredClaims),
    cookie: cookieOption(own.cookie),
    realm: realmOption('jwt', own.realm),
  };
}

function stringsOption(option: string, value: unknown): readonly string[] | undefined {
  if (value === undefined) return undefined;
  const list = typeof value === 'string' ? [value] : value;
  if (
    Array.isArray(list) &&
    list.length > 0 &&
    list.every((entry) => typeof entry === 'string' && entry !== '')
  )
    return Object.freeze([...(list as string[])]);
  throw invalidOption('jwt', option, `must be a non-empty string or list of them, got ${describe(value)}.`);
}

function secondsOption(option: string, value: unknown): number | undefined {
  if (value === undefined || (typeof value === 'number' && Number.isFinite(value) && value >= 0))
    return value as number | undefined;
  throw invalidOption('jwt', option, `must be a number of seconds (0 or more), got ${describe(value)}.`);
}

function cookieOption(value: unknown): string | undefined {
  if (value === undefined || (typeof value === 'string' && COOKIE_NAME.test(value))) return value;
  throw invalidOption('jwt', 'cookie', `must be a cookie name, got ${describe(value)}.`);
}
