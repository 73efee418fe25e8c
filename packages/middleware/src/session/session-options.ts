import { invalidOption } from '../errors';
import { checkCookieSecret } from '../cookies/cookie-secret';
import { checkOptions } from '../shared/check-options';
import type { StoreErrorMode, StoreLogger } from '../shared/store-outage';
import { type StoreOutageSettings, storeOutageSettings } from '../shared/store-outage-options';
import type { SessionStore } from './session-store';

/** A user's current generation, for revoking sessions; see `SessionOptions.generation`. */
export type GenerationOf = (userId: string) => number | undefined | Promise<number | undefined>;

/** Options of `session()`. Durations are in seconds. */
export interface SessionOptions {
  /**
   * The secret, or a list to rotate them (the first seals and signs, all open and verify): it encrypts
   * cookie-only sessions and keys the CSRF tokens bound to a session. At least 32 characters with 8
   * different ones; keep it out of the repository.
   */
  readonly secret: string | readonly string[];
  /**
   * Where sessions live: a `SessionStore` (default: a `memoryStore()` of this process), or `'cookie'`
   * to keep the whole session in the cookie, encrypted (at most about 3 KiB of JSON).
   */
  readonly store?: SessionStore | 'cookie';
  /**
   * Send the cookie only over HTTPS. `'auto'` (default): when the request came over HTTPS (or a proxy
   * says so with `X-Forwarded-Proto: https` / `Forwarded: proto=https`), else not, so plain HTTP on a
   * LAN address works while developing. Set `true` in production.
   */
  readonly secure?: boolean | 'auto';
  /** The cookie's name; default `__Host-sid` when secure (`__Secure-sid` with a `domain` or a `path`), `sid` when not. */
  readonly name?: string;
  /** `SameSite` (default `'lax'`); `'none'` needs `secure: true`. */
  readonly sameSite?: 'lax' | 'strict' | 'none';
  /** The cookie's `Domain` (default none: this host only). */
  readonly domain?: string;
  /** The cookie's `Path` (default `/`). */
  readonly path?: string;
  /** A session unused for this long ends (default 7200: two hours). */
  readonly idleTimeout?: number;
  /** A session ends this long after it began or was regenerated, used or not (default 86 400: a day). */
  readonly absoluteTimeout?: number;
  /** Renew the idle expiry (cookie and store) on every request that has a session (default true); false renews it only when the session changes. */
  readonly rolling?: boolean;
  /**
   * Revocation: the current generation of a user (a number you keep with the user and increase to end
   * all of their sessions: "sign out everywhere", a changed password). `regenerate({ userId })` records
   * it; a later request whose session holds another number (or a user this answers undefined for) gets a
   * fresh empty session. Called once per request that carries a signed-in session.
   */
  readonly generation?: GenerationOf;
  /**
   * When the store fails or does not answer within `storeTimeout`: `'fail-closed'` (default) answers
   * 503 problem+json (`FRAMEWORK_ERR_SESSION_STORE_UNAVAILABLE`); `'fail-open'` lets the request go on
   * with an empty session that is never saved, its cookie left as it is. In both modes `regenerate()`
   * and `destroy()` throw that error, as neither can be done without the store. Store-backed only.
   */
  readonly onStoreError?: StoreErrorMode;
  /** Longest wait for the store, in milliseconds (default 1000); then `onStoreError` applies. */
  readonly storeTimeout?: number;
  /** Where store outages are logged, once each (default the console). */
  readonly logger?: StoreLogger;
  /** The clock, in milliseconds since the epoch (default `Date.now`), for tests. */
  readonly now?: () => number;
}

/** The options, checked and defaulted once. */
export interface SessionSettings extends StoreOutageSettings {
  readonly secrets: readonly string[];
  readonly store: SessionStore | 'cookie' | undefined;
  readonly secure: boolean | 'auto';
  readonly name: string | undefined;
  readonly sameSite: 'lax' | 'strict' | 'none';
  readonly domain: string | undefined;
  readonly path: string;
  /** Milliseconds. */
  readonly idleTimeout: number;
  /** Milliseconds. */
  readonly absoluteTimeout: number;
  readonly rolling: boolean;
  readonly generation: GenerationOf | undefined;
  readonly now: () => number;
}

const OPTIONS = [
  'secret',
  'store',
  'secure',
  'name',
  'sameSite',
  'domain',
  'path',
  'idleTimeout',
  'absoluteTimeout',
  'rolling',
  'generation',
  'onStoreError',
  'storeTimeout',
  'logger',
  'now',
];
const STORE_METHODS = ['get', 'set', 'destroy', 'rotate'] as const;
const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

export function sessionSettings(given: SessionOptions): SessionSettings {
  const options = checkOptions('session', given, OPTIONS) as Partial<SessionOptions>;
  const secure = options.secure ?? 'auto';
  if (secure !== true && secure !== false && secure !== 'auto')
    throw invalidOption('session', 'secure', "must be true, false or 'auto'.");
  const sameSite = options.sameSite ?? 'lax';
  if (!['lax', 'strict', 'none'].includes(sameSite))
    throw invalidOption('session', 'sameSite', "must be 'lax', 'strict' or 'none'.");
  if (sameSite === 'none' && secure !== true)
    throw invalidOption(
      'session',
      'sameSite',
      "'none' needs secure: true; browsers drop the cookie without it.",
    );
  return {
    secrets: secretsOf(options.secret),
    store: storeOf(options.store),
    secure,
    name: nameOf(options.name, secure),
    sameSite,
    domain: optionalString('domain', options.domain),
    path: pathOf(options.path),
    idleTimeout: seconds('idleTimeout', options.idleTimeout, 7200) * 1000,
    absoluteTimeout: seconds('absoluteTimeout', options.absoluteTimeout, 86_400) * 1000,
    rolling: flag('rolling', options.rolling, true),
    generation: optionalFunction('generation', options.generation),
    ...storeOutageSettings('session', options),
    now: optionalFunction('now', options.now) ?? Date.now,
  };
}

function secretsOf(secret: unknown): readonly string[] {
  const secrets: unknown[] = typeof secret === 'string' ? [secret] : Array.isArray(secret) ? [...secret] : [];
  if (secrets.length === 0) throw invalidOption('session', 'secret', 'is missing; give at least one secret.');
  for (const entry of secrets) checkCookieSecret(entry, 'session: option `secret`');
  return Object.freeze(secrets as string[]);
}

function storeOf(store: unknown): SessionStore | 'cookie' | undefined {
  if (store === undefined || store === 'cookie') return store;
  const candidate = store as Partial<Record<(typeof STORE_METHODS)[number], unknown>> | null;
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    STORE_METHODS.some((m) => typeof candidate[m] !== 'function')
  )
    throw invalidOption(
      'session',
      'store',
      "must be 'cookie' or a SessionStore (get, set, destroy, rotate).",
    );
  return store as SessionStore;
}

function nameOf(name: unknown, secure: boolean | 'auto'): string | undefined {
  if (name === undefined) return undefined;
  if (typeof name !== 'string' || !COOKIE_NAME.test(name))
    throw invalidOption('session', 'name', "must be a cookie name (letters, digits and !#$%&'*+-.^_`|~).");
  if (/^__(host|secure)-/i.test(name) && secure !== true)
    throw invalidOption(
      'session',
      'name',
      `${name} needs secure: true; browsers drop the cookie without it.`,
    );
  return name;
}

function pathOf(path: unknown): string {
  if (path === undefined) return '/';
  if (typeof path !== 'string' || !path.startsWith('/') || /[;\s]/.test(path))
    throw invalidOption('session', 'path', "must be a path that starts with '/'.");
  return path;
}

function seconds(option: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || (value as number) < 1)
    throw invalidOption('session', option, 'must be a whole number of seconds from 1.');
  return value as number;
}

function flag(option: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw invalidOption('session', option, 'must be true or false.');
  return value;
}

function optionalString(option: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '')
    throw invalidOption('session', option, 'must be a non-empty string.');
  return value;
}

function optionalFunction<F>(option: string, value: F | undefined): F | undefined {
  if (value !== undefined && typeof value !== 'function')
    throw invalidOption('session', option, 'must be a function.');
  return value;
}
