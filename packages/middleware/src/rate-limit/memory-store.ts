import { invalidOption } from '../errors';
import { describe } from '../shared/check-options';
import { gcraHit, gcraNow, gcraSchedule, gcraStep } from './gcra';
import type { RateLimitHit, RateLimitQuota, RateLimitStore } from './rate-limit-store';

/** How many keys a `MemoryRateLimitStore` holds by default. */
export const DEFAULT_RATE_LIMIT_KEYS = 100_000;

/** Options of `new MemoryRateLimitStore(options)`. */
export interface MemoryRateLimitStoreOptions {
  /** Most keys held at once (default 100,000); a new key past it evicts the least recently hit one. */
  readonly maxKeys?: number;
}

/**
 * The state of a rate limit in this process's memory: one number per key, at most `maxKeys` keys.
 * A key that is new when the store is full evicts the key hit least recently (a `Map` kept in
 * order of use), so a client that rotates addresses cannot grow the store past its bound; the
 * price is that an evicted key starts again with a whole allowance. A key whose allowance is whole
 * again is dropped when it is next looked at or evicted. Atomic by construction: JavaScript runs one
 * hit at a time. Each process has its own: use a shared store (Redis) when several processes serve.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  readonly maxKeys: number;
  private readonly tats = new Map<string, number>();

  constructor(options: MemoryRateLimitStoreOptions = {}) {
    const maxKeys = options.maxKeys ?? DEFAULT_RATE_LIMIT_KEYS;
    if (!Number.isInteger(maxKeys) || maxKeys < 1)
      throw invalidOption(
        'MemoryRateLimitStore',
        'maxKeys',
        `must be a whole number from 1, got ${describe(maxKeys)}.`,
      );
    this.maxKeys = maxKeys;
  }

  /** How many keys the store holds now. */
  get size(): number {
    return this.tats.size;
  }

  hit(key: string, cost: number, quota: RateLimitQuota, nowMs: number): Promise<RateLimitHit> {
    const schedule = gcraSchedule(quota);
    const now = gcraNow(nowMs);
    const stored = this.tats.get(key);
    const step = gcraStep(stored, cost, schedule, now);
    // Deleting first moves the key to the end of the Map's order: the most recently hit.
    this.tats.delete(key);
    if (step.tat > now) {
      if (this.tats.size >= this.maxKeys) this.evictOldest();
      this.tats.set(key, step.tat);
    }
    return Promise.resolve(gcraHit(step.allowed, step.tat, cost, schedule, now));
  }

  private evictOldest(): void {
    const oldest = this.tats.keys().next();
    if (oldest.done !== true) this.tats.delete(oldest.value);
  }
}
