import { invalidOption } from '../errors';
import { describe } from '../shared/check-options';
import { gcraHit, gcraNow, gcraSchedule, gcraStep } from './gcra';
import type { RateLimitHit, RateLimitQuota, RateLimitStore } from './rate-limit-store';

/** How many keys a `MemoryRateLimitStore` holds by default. */
export const DEFAULT_RATE_LIMIT_KEYS = 100_000;

/** Options of `new MemoryRateLimitStore(options)`. */
export interface MemoryRateLimitStoreOptions {
  /** Most keys held at once (default 100,000): when full, the half not hit for longest is dropped. */
  readonly maxKeys?: number;
}

/**
 * The state of a rate limit in this process's memory: one number per key, at most `maxKeys` keys,
 * kept in two generations of `maxKeys / 2`. A key goes into the newer one when hit; when that one is
 * full it becomes the older one and the previous older one, the keys not hit since, is dropped. So a
 * client that rotates addresses cannot grow the store past its bound, at constant cost per hit; the
 * price is that a dropped key starts again with a whole allowance (an attacker must bring `maxKeys / 2`
 * fresh keys between two hits of a client to reset it). Atomic by construction: JavaScript runs one
 * hit at a time. Each process has its own: use a shared store (Redis) when several processes serve.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  readonly maxKeys: number;
  private readonly generationSize: number;
  private recent = new Map<string, number>();
  private older = new Map<string, number>();

  constructor(options: MemoryRateLimitStoreOptions = {}) {
    const maxKeys = options.maxKeys ?? DEFAULT_RATE_LIMIT_KEYS;
    if (!Number.isInteger(maxKeys) || maxKeys < 2)
      throw invalidOption(
        'MemoryRateLimitStore',
        'maxKeys',
        `must be a whole number from 2, got ${describe(maxKeys)}.`,
      );
    this.maxKeys = maxKeys;
    this.generationSize = Math.floor(maxKeys / 2);
  }

  /** How many keys the store holds now. */
  get size(): number {
    return this.recent.size + this.older.size;
  }

  /** Spends `cost` of `key`'s allowance at `nowMs`, evicting keys not hit since the older half filled. */
  hit(key: string, cost: number, quota: RateLimitQuota, nowMs: number): Promise<RateLimitHit> {
    const schedule = gcraSchedule(quota);
    const now = gcraNow(nowMs);
    const step = gcraStep(this.take(key), cost, schedule, now);
    if (!this.recent.has(key) && this.recent.size >= this.generationSize) {
      this.older = this.recent;
      this.recent = new Map();
    }
    this.recent.set(key, step.tat);
    return Promise.resolve(gcraHit(step.allowed, step.tat, cost, schedule, now));
  }

  /** The key's TAT, moved out of the older generation when it is there. */
  private take(key: string): number | undefined {
    const recent = this.recent.get(key);
    if (recent !== undefined) return recent;
    const older = this.older.get(key);
    if (older !== undefined) this.older.delete(key);
    return older;
  }
}
