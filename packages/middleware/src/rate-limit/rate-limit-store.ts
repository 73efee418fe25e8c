/** The allowance one rate limit grants each key: `limit` units of cost per `windowMs` milliseconds. */
export interface RateLimitQuota {
  /** Units of cost a key may spend in one window (a whole number from 1). */
  readonly limit: number;
  /** The window in milliseconds (a whole number from 1). */
  readonly windowMs: number;
}

/** What a store answers to one hit: whether it was allowed, and the state of the key after it. */
export interface RateLimitHit {
  /** Whether the hit fitted in the key's allowance (and was counted). */
  readonly allowed: boolean;
  /** Units the key may still spend at once, after this hit (0 when refused). */
  readonly remaining: number;
  /** Milliseconds until the key's whole allowance is back, if it makes no further hit. */
  readonly resetMs: number;
  /** Milliseconds until a refused hit of the same cost would fit; 0 when allowed. */
  readonly retryAfterMs: number;
}

/**
 * Where a rate limit keeps its state: the memory of one process (`MemoryRateLimitStore`) or a store
 * that several processes share (`RedisRateLimitStore` in `@framework/store-redis`).
 *
 * An implementation MUST make `hit` atomic for a key: two hits of one key at the same time, from any
 * process, MUST NOT both be allowed when only one fits (read, decide and write in one operation, such
 * as one Lua script in Redis). It MUST expire a key's state once the key's allowance is whole again,
 * so that idle keys cost nothing. It MUST NOT count a refused hit. It MAY reject (the store is
 * unreachable, a command timed out): `rateLimit()` then answers as its `onStoreError` option says.
 * `now` is the caller's clock in milliseconds; all the processes sharing a store MUST use clocks that
 * agree (NTP), since the state is a point in time.
 */
export interface RateLimitStore {
  /** Spends `cost` of `key`'s allowance under `quota` at `now` (ms) atomically, and answers what is left. */
  hit(key: string, cost: number, quota: RateLimitQuota, now: number): Promise<RateLimitHit>;
}
