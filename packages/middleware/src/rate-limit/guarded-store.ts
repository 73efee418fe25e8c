import type { Logger } from '@framework/application';
import type { RateLimitHit, RateLimitQuota, RateLimitStore } from './rate-limit-store';

/** What the store's outages are logged to: the `warn` and `error` methods of a pino-shaped logger. */
export type RateLimitLogger = Pick<Logger, 'warn' | 'error'>;

/** The answer of a store that failed, timed out or answered nonsense. */
export const STORE_UNAVAILABLE = Symbol('store unavailable');

/**
 * A store call bounded in time, with its outages logged once each: the first failure is logged as an
 * error, the failures after it are counted, and the first answer after them is logged as a warning
 * with the count. A request never waits on the store longer than `timeoutMs`.
 */
export class GuardedStore {
  private failures = 0;

  constructor(
    private readonly store: RateLimitStore,
    private readonly timeoutMs: number,
    private readonly logger: RateLimitLogger,
    private readonly context: { readonly policy: string; readonly mode: string },
  ) {}

  async hit(
    key: string,
    cost: number,
    quota: RateLimitQuota,
    now: number,
  ): Promise<RateLimitHit | typeof STORE_UNAVAILABLE> {
    let hit: RateLimitHit;
    try {
      hit = await this.bounded(() => this.store.hit(key, cost, quota, now));
      if (!isHit(hit)) throw new TypeError('the store answered something that is not a rate-limit hit');
    } catch (error) {
      if (this.failures++ === 0)
        this.logger.error(
          { ...this.context, error: error instanceof Error ? error.message : String(error) },
          `rateLimit: the store failed; answering ${this.context.mode} until it answers again`,
        );
      return STORE_UNAVAILABLE;
    }
    if (this.failures > 0) {
      this.logger.warn({ ...this.context, failedHits: this.failures }, 'rateLimit: the store answers again');
      this.failures = 0;
    }
    return hit;
  }

  private bounded(call: () => Promise<RateLimitHit>): Promise<RateLimitHit> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${this.timeoutMs} ms`)), this.timeoutMs);
    });
    // A store that throws instead of rejecting fails the same way.
    const answer = new Promise<RateLimitHit>((resolve) => resolve(call()));
    return Promise.race([answer, late]).finally(() => clearTimeout(timer));
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
