import { expect, it } from '@jest/globals';
import { MemoryRateLimitStore, type RateLimitQuota } from '@framework/middleware';
import { Redis } from 'ioredis';
import { RedisRateLimitStore, type RedisRateLimitStoreOptions } from '../src';
import { useRedisStore } from './support/redis-fixture';
import { describeWithRedis, type RunningRedis } from './support/redis-server';

const NOW = Date.UTC(2026, 0, 1);

describeWithRedis('RedisRateLimitStore', () => {
  let redis: RunningRedis;
  let client: Redis;
  let store: RedisRateLimitStore;

  useRedisStore(
    (url, commandTimeout) => new RedisRateLimitStore({ redis: url, commandTimeout }),
    (started) => ({ redis, client, store } = started),
  );

  it('answers every hit as the memory store does, for limits that do and do not divide the window', async () => {
    const memory = new MemoryRateLimitStore();
    const quotas: RateLimitQuota[] = [
      { limit: 3, windowMs: 60_000 },
      { limit: 7, windowMs: 1000 },
      { limit: 1000, windowMs: 3_600_000 },
    ];
    let now = NOW;
    for (let i = 0; i < 300; i++) {
      const quota = quotas[i % 3] as RateLimitQuota;
      const key = `same:${i % 3}`;
      const cost = 1 + (i % 4 === 0 ? 2 : 0);
      expect([i, await store.hit(key, cost, quota, now)]).toEqual([
        i,
        await memory.hit(key, cost, quota, now),
      ]);
      now += (i * 7919) % 450;
    }
  }, 30_000); // 600 round trips one after another: slow on a machine busy with other tests

  it('counts concurrent hits exactly: 300 at once against a limit of 100 allow 100', async () => {
    const quota = { limit: 100, windowMs: 60_000 };
    const hits = await Promise.all(Array.from({ length: 300 }, () => store.hit('burst', 1, quota, NOW)));
    const allowed = hits.filter((hit) => hit.allowed);
    expect(allowed.length).toBe(100);
    expect(allowed.map((hit) => hit.remaining).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 100 }, (_, i) => i),
    );
  });

  it('keeps one key per client under its prefix, expiring when the allowance is whole again', async () => {
    const prefixed = new RedisRateLimitStore({ client, prefix: 'app1:rl:' });
    await prefixed.hit('default:203.0.113.7', 3, { limit: 10, windowMs: 10_000 }, Date.now());
    expect(await client.keys('app1:rl:*')).toEqual(['app1:rl:default:203.0.113.7']);
    const ttl = await client.pttl('app1:rl:default:203.0.113.7');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(3000);
    await prefixed.close(); // a client it did not make stays open
    expect(await client.ping()).toBe('PONG');
  });

  it('loads its script again after SCRIPT FLUSH', async () => {
    await store.hit('flush', 1, { limit: 2, windowMs: 1000 }, NOW);
    await client.script('FLUSH');
    expect(await store.hit('flush', 1, { limit: 2, windowMs: 1000 }, NOW)).toEqual({
      allowed: true,
      remaining: 0,
      resetMs: 1000,
      retryAfterMs: 0,
    });
  });

  it('rejects, naming the problem, when its key holds something else', async () => {
    await client.hset('framework:ratelimit:taken', 'field', 'value');
    await expect(store.hit('taken', 1, { limit: 2, windowMs: 1000 }, NOW)).rejects.toThrow('WRONGTYPE');
  });

  it('checks its options when made', () => {
    const made = (options: unknown) => () => new RedisRateLimitStore(options as RedisRateLimitStoreOptions);
    expect(made({})).toThrow(
      'RedisRateLimitStore: option `redis` and its alternative: give exactly one of `client` and `redis`.',
    );
    expect(made({ client, redis: redis.url })).toThrow('give exactly one of `client` and `redis`.');
    expect(made({ client, commandTimeout: 100 })).toThrow(
      'RedisRateLimitStore: option `commandTimeout` applies only to a client the store makes: set it on your own client.',
    );
    expect(made({ client: {} })).toThrow('RedisRateLimitStore: option `client` must be an ioredis client.');
    expect(made({ redis: redis.url, prefix: 'has space' })).toThrow(
      'RedisRateLimitStore: option `prefix` must be at most 100 printable characters without spaces.',
    );
    expect(made({ redis: redis.url, commandTimeout: 0 })).toThrow(
      'RedisRateLimitStore: option `commandTimeout` must be a whole number of milliseconds from 1, got 0.',
    );
  });
});
