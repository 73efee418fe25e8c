import type { MaybePromise, ServerRequest } from '@framework/application';
import { invalidOption } from '../errors';
import { checkOptions, describe } from '../shared/check-options';
import { clientAddressKey } from './client-address-key';
import type { StoreErrorMode, StoreLogger } from '../shared/store-outage';
import { storeOutageSettings } from '../shared/store-outage-options';
import { MemoryRateLimitStore } from './memory-store';
import type { RateLimitStore } from './rate-limit-store';

export type { StoreErrorMode };

/** Options of `rateLimit()`. */
export interface RateLimitOptions {
  /** Requests one key may make per window (a whole number from 1). */
  readonly limit: number;
  /** The window in milliseconds (a whole number from 1000). */
  readonly window: number;
  /**
   * The policy's name in the header fields and in the store's keys (default `'default'`): give each
   * limit its own when several share a store. Letters, digits and `_ - . :`, at most 64.
   */
  readonly name?: string;
  /**
   * Who a request counts against (default `clientAddressKey`: the normalised client address as the
   * application's `trustProxy` option resolves it). Must return a non-empty string; keys over 200
   * characters, starting with `sha256:` or holding a lone surrogate are stored as their SHA-256 digest.
   */
  readonly key?: (request: ServerRequest) => MaybePromise<string>;
  /** Where the state lives (default: a `MemoryRateLimitStore` of 100,000 keys for this middleware). */
  readonly store?: RateLimitStore;
  /** Write `RateLimit-Policy` and `RateLimit` (default true). */
  readonly standardHeaders?: boolean;
  /** Write `X-RateLimit-Limit`, `-Remaining` and `-Reset` too (default false). */
  readonly legacyHeaders?: boolean;
  /**
   * When the store fails or times out: `'fail-closed'` (default) answers 503 problem+json,
   * `'fail-open'` lets the request through without headers. Either way the outage is logged once.
   */
  readonly onStoreError?: StoreErrorMode;
  /** Longest wait for the store, in milliseconds (default 1000); then `onStoreError` applies. */
  readonly storeTimeout?: number;
  /** Where store outages are logged (default the console). */
  readonly logger?: StoreLogger;
  /** The clock, in milliseconds (default `Date.now`); processes sharing a store need agreeing clocks. */
  readonly now?: () => number;
}

/** The options checked and defaulted. */
export interface RateLimitSettings {
  readonly limit: number;
  readonly windowMs: number;
  readonly name: string;
  readonly key: (request: ServerRequest) => MaybePromise<string>;
  readonly store: RateLimitStore;
  readonly standardHeaders: boolean;
  readonly legacyHeaders: boolean;
  readonly onStoreError: StoreErrorMode;
  readonly storeTimeout: number;
  readonly logger: StoreLogger;
  readonly now: () => number;
}

const OPTIONS = [
  'limit',
  'window',
  'name',
  'key',
  'store',
  'standardHeaders',
  'legacyHeaders',
  'onStoreError',
  'storeTimeout',
  'logger',
  'now',
];

/** The longest window: a year (the store's expiry and the header's seconds stay small integers). */
const MAX_WINDOW_MS = 366 * 24 * 3600 * 1000;
const NAME = /^[A-Za-z0-9_.:-]{1,64}$/;

export function rateLimitSettings(options: RateLimitOptions): RateLimitSettings {
  const own = checkOptions('rateLimit', options, OPTIONS) as Partial<RateLimitOptions>;
  const windowMs = wholeNumber('window', own.window, 1000, MAX_WINDOW_MS);
  // At most one request per microsecond: the algorithm counts in whole microseconds.
  const limit = wholeNumber('limit', own.limit, 1, windowMs * 1000);
  return {
    limit,
    windowMs,
    name: nameOption(own.name),
    key: functionOption('key', own.key) ?? clientAddressKey,
    store: storeOption(own.store),
    standardHeaders: booleanOption('standardHeaders', own.standardHeaders, true),
    legacyHeaders: booleanOption('legacyHeaders', own.legacyHeaders, false),
    ...storeOutageSettings('rateLimit', own),
    now: functionOption('now', own.now) ?? Date.now,
  };
}

function wholeNumber(option: string, value: unknown, min: number, max: number): number {
  if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) return value;
  throw invalidOption(
    'rateLimit',
    option,
    `must be a whole number from ${min} to ${max}, got ${describe(value)}.`,
  );
}

function nameOption(value: unknown): string {
  if (value === undefined) return 'default';
  if (typeof value === 'string' && NAME.test(value)) return value;
  throw invalidOption(
    'rateLimit',
    'name',
    `must be 1 to 64 letters, digits, '_', '-', '.' or ':', got ${describe(value)}.`,
  );
}

function functionOption<F>(option: string, value: unknown): F | undefined {
  if (value === undefined || typeof value === 'function') return value as F | undefined;
  throw invalidOption('rateLimit', option, `must be a function, got ${describe(value)}.`);
}

function storeOption(value: unknown): RateLimitStore {
  if (value === undefined) return new MemoryRateLimitStore();
  if (typeof value === 'object' && value !== null && typeof (value as RateLimitStore).hit === 'function')
    return value as RateLimitStore;
  throw invalidOption(
    'rateLimit',
    'store',
    `must be an object with a hit(key, cost, quota, now) method, got ${describe(value)}.`,
  );
}

function booleanOption(option: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value === 'boolean') return value;
  throw invalidOption('rateLimit', option, `must be true or false, got ${describe(value)}.`);
}
