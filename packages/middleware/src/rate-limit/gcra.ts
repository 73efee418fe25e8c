import type { RateLimitHit, RateLimitQuota } from './rate-limit-store';

/**
 * The generic cell rate algorithm (GCRA), in whole microseconds so that every value is an exact
 * integer in a double (until the year 2255), in JavaScript and in a Redis Lua script alike.
 *
 * A key's whole state is one number, its theoretical arrival time (TAT): the moment its allowance
 * would be whole again. Each unit of cost pushes it `interval` later; a hit is allowed when the TAT
 * it would set lies at most `span` (the window) after now. A key at rest (TAT in the past) may spend
 * the whole limit at once; after that, one unit comes back every `interval`.
 */
export interface GcraSchedule {
  /** Microseconds one unit of cost occupies: the window divided by the limit. */
  readonly interval: number;
  /** Microseconds of the whole allowance: `interval * limit`. */
  readonly span: number;
}

/** The emission interval and burst span of `quota`, in whole microseconds. */
export function gcraSchedule(quota: RateLimitQuota): GcraSchedule {
  const interval = Math.max(1, Math.round((quota.windowMs * 1000) / quota.limit));
  return { interval, span: interval * quota.limit };
}

/** Now, in the whole microseconds the algorithm counts in. */
export function gcraNow(nowMs: number): number {
  return Math.floor(nowMs * 1000);
}

/** The outcome of one hit: `tat` is the TAT to keep (unchanged when refused). */
export interface GcraStep {
  readonly allowed: boolean;
  readonly tat: number;
}

/** One hit of `cost` against a key whose kept TAT is `stored` (undefined when the key has none). */
export function gcraStep(
  stored: number | undefined,
  cost: number,
  schedule: GcraSchedule,
  now: number,
): GcraStep {
  const tat = stored === undefined || stored < now ? now : stored;
  const next = tat + cost * schedule.interval;
  return next - now <= schedule.span ? { allowed: true, tat: next } : { allowed: false, tat };
}

/**
 * What a store answers, from the outcome of a step: `tat` is the TAT the key has after the hit.
 * Shared by every store, so that they count down alike.
 */
export function gcraHit(
  allowed: boolean,
  tat: number,
  cost: number,
  schedule: GcraSchedule,
  now: number,
): RateLimitHit {
  const used = Math.max(0, tat - now);
  const remaining = allowed ? Math.floor((schedule.span - used) / schedule.interval) : 0;
  const retryAfter = allowed ? 0 : Math.max(0, tat + cost * schedule.interval - schedule.span - now);
  return {
    allowed,
    remaining,
    resetMs: Math.ceil(used / 1000),
    retryAfterMs: Math.ceil(retryAfter / 1000),
  };
}
