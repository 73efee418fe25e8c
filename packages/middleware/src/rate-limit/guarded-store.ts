import { STORE_UNAVAILABLE, StoreOutage, type StoreLogger } from '../shared/store-outage';
import type { RateLimitHit, RateLimitQuota, RateLimitStore } from './rate-limit-store';

/** What the store's outages are logged to: the `warn` and `error` methods of a pino-shaped logger. */
export type RateLimitLogger = StoreLogger;

/**
 * A rate-limit store's hits bounded in time, with its outages logged once each (see `StoreOutage`):
 * a failed, late or malformed hit answers `STORE_UNAVAILABLE`.
 */
export class GuardedStore {
  private readonly outage: StoreOutage;

  constructor(
    private readonly store: RateLimitStore,
    timeoutMs: number,
    logger: RateLimitLogger,
    context: { readonly policy: string; readonly mode: string },
  ) {
    this.outage = new StoreOutage(timeoutMs, logger, {
      middleware: 'rateLimit',
      fields: context,
      countField: 'failedHits',
    });
  }

  hit(
    key: string,
    cost: number,
    quota: RateLimitQuota,
    now: number,
  ): Promise<RateLimitHit | typeof STORE_UNAVAILABLE> {
    return this.outage.call(() => this.store.hit(key, cost, quota, now), isHit);
  }
}

function isHit(value: unknown): value is RateLimitHit {
  if (typeof value !== 'object' || value === null) return false;
  const hit = value as Record<string, unknown>;
  return (
    typeof hit.allowed === 'boolean' &&
    isCount(hit.remaining) &&
    isCount(hit.resetMs) &&
    isCount(hit.retryAfterMs)
  );
}

function isCount(value: unknown): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}
