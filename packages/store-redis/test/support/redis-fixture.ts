import { afterAll, beforeAll } from '@jest/globals';
import { Redis } from 'ioredis';
import { type RunningRedis, startRedis } from './redis-server';

/** A test file's own Redis: the server, a plain client, and the store under test. */
export interface RedisFixture<Store> {
  readonly redis: RunningRedis;
  readonly client: Redis;
  readonly store: Store;
}

/**
 * Starts one `redis-server` for the file, a client and the store `make` builds on its URL, hands them
 * to `started`, and stops them after the file. Generous timeouts: these cases are about answers, and
 * the machine may be busy with other tests.
 */
export function useRedisStore<Store extends { close(): Promise<void> }>(
  make: (url: string, commandTimeout: number) => Store,
  started: (fixture: RedisFixture<Store>) => void,
): void {
  let fixture: RedisFixture<Store> | undefined;
  beforeAll(async () => {
    const redis = await startRedis();
    const client = new Redis(redis.url, { commandTimeout: 10_000 });
    fixture = { redis, client, store: make(redis.url, 10_000) };
    started(fixture);
  }, 30_000);
  afterAll(async () => {
    await fixture?.store.close();
    await fixture?.client.quit();
    await fixture?.redis.stop();
  }, 30_000);
}
