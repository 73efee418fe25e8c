import {
  gcraHit,
  gcraNow,
  gcraSchedule,
  type RateLimitHit,
  type RateLimitQuota,
  type RateLimitStore,
} from '@framework/middleware';
import { StoreRedisError } from '../errors';
import type { RedisConnectionOptions } from '../redis-client';
import { RedisStore } from '../redis-store';
import { GCRA_HIT } from './gcra-script';

/** Options of `new RedisRateLimitStore(options)`: a connection, and the prefix of its keys. */
export interface RedisRateLimitStoreOptions extends RedisConnectionOptions {
  /** Put before every key (default `'framework:ratelimit:'`); one per application sharing a server. */
  readonly prefix?: string;
}

/**
 * A rate-limit store in Redis, shared by every process and machine that uses the same server and
 * prefix: one key per client (a string holding its GCRA state, expiring when its allowance is whole
 * again), read, decided and written by one Lua script, so concurrent hits from any number of
 * processes are counted exactly. A hit rejects when Redis is unreachable or slower than the command
 * timeout; `rateLimit({ onStoreError })` decides what the request gets then.
 *
 * @example
 * const store = new RedisRateLimitStore({ redis: process.env.REDIS_URL!, commandTimeout: 200 });
 * app.pipe(rateLimit({ limit: 100, window: 60_000, store, onStoreError: 'fail-open' }));
 */
export class RedisRateLimitStore extends RedisStore implements RateLimitStore {
  constructor(options: RedisRateLimitStoreOptions) {
    super('RedisRateLimitStore', options, 'framework:ratelimit:');
  }

  /** Spends `cost` of `key`'s allowance at `nowMs` in one Lua script, so every process counts alike. */
  async hit(key: string, cost: number, quota: RateLimitQuota, nowMs: number): Promise<RateLimitHit> {
    const schedule = gcraSchedule(quota);
    const now = gcraNow(nowMs);
    const reply = await GCRA_HIT.run(
      this.client,
      [this.prefix + key],
      [now, schedule.interval, schedule.span, cost],
    );
    if (!Array.isArray(reply) || reply.length !== 2 || !/^\d+$/.test(String(reply[1])))
      throw new StoreRedisError(
        'FRAMEWORK_ERR_STORE_REDIS_BAD_REPLY',
        `RedisRateLimitStore: the script answered ${JSON.stringify(reply)}.`,
      );
    return gcraHit(reply[0] === 1, Number(reply[1]), cost, schedule, now);
  }
}
