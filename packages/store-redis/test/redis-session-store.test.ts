import { expect, it } from '@jest/globals';
import { MemorySessionStore, type SessionChange, type StoredSession } from '@framework/middleware';
import { Redis } from 'ioredis';
import { RedisSessionStore, StoreRedisError } from '../src';
import { useRedisStore } from './support/redis-fixture';
import { describeWithRedis, type RunningRedis } from './support/redis-server';

const NOW = Date.UTC(2026, 0, 1);
const HOUR = 3_600_000;

/** A session id of the shape session() makes: 32 base64url characters. */
function newId(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString('base64url');
}

function data(entries: Record<string, unknown>): Record<string, unknown> {
  return Object.assign(Object.create(null) as Record<string, unknown>, entries);
}

function change(set: Record<string, unknown>, unset: string[] = [], createdAt?: number): SessionChange {
  return { set: data(set), unset, touchedAt: NOW + 5, ...(createdAt !== undefined && { createdAt }) };
}

describeWithRedis('RedisSessionStore', () => {
  let redis: RunningRedis;
  let client: Redis;
  let store: RedisSessionStore;

  useRedisStore(
    (url, commandTimeout) => new RedisSessionStore({ redis: url, commandTimeout }),
    (started) => ({ redis, client, store } = started),
  );

  it('answers a sequence of operations exactly as the memory store does', async () => {
    const memory = new MemorySessionStore({ now: () => NOW });
    const [a, b, c] = [newId(), newId(), newId()];
    const steps: Array<(s: MemorySessionStore | RedisSessionStore) => Promise<unknown>> = [
      (s) => s.get(a),
      (s) => s.set(a, change({ x: 1 }), HOUR), // absent without createdAt: nothing
      (s) => s.get(a),
      (s) => s.set(a, change({ x: 1, nested: { list: [1, 'two', null], yes: true } }, [], NOW), HOUR),
      (s) => s.get(a),
      (s) => s.set(a, change({ y: 'é"\n' }, ['x']), HOUR),
      (s) => s.get(a),
      // Keys that differ only in lone surrogates, which UTF-8 alone would make one field.
      (s) => s.set(a, change({ '\ud800': 1, '\udbff': 2, '\ufffd': 3 }), HOUR),
      (s) => s.get(a),
      (s) => s.set(a, change({}, ['\ud800', '\ufffd']), HOUR),
      (s) => s.get(a),
      (s) =>
        s.rotate(
          a,
          b,
          {
            data: data({ y: 'kept', constructor: 'a key like any other' }),
            createdAt: NOW + 9,
            touchedAt: NOW + 9,
            userId: 'u-1',
            generation: 3,
          },
          HOUR,
        ),
      (s) => s.get(a),
      (s) => s.get(b),
      (s) => s.rotate(c, a, { data: data({}), createdAt: NOW, touchedAt: NOW }, HOUR), // c was never stored
      (s) => s.get(a),
      (s) => s.destroy(b),
      (s) => s.get(b),
      (s) => s.set(b, change({ back: true }), HOUR), // a save after destroy() never brings it back
      (s) => s.get(b),
      (s) => s.destroy(b),
    ];
    for (const [index, step] of steps.entries())
      expect([index, await step(store)]).toEqual([index, await step(memory)]);
  }, 30_000);

  it('keeps each key written by concurrent saves of one session (merge, not overwrite)', async () => {
    const id = newId();
    await store.set(id, change({ start: 0 }, [], NOW), HOUR);
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        store.set(id, change({ [`key${i}`]: i }, i === 0 ? ['start'] : []), HOUR),
      ),
    );
    const stored = (await store.get(id)) as StoredSession;
    expect(stored.data).toEqual(
      data(Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`key${i}`, i]))),
    );
  }, 30_000);

  it('rotates in one operation: at no moment are both ids alive, and the new one is never half written', async () => {
    const old = newId();
    const fresh = newId();
    const big = data(Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`k${i}`, 'v'.repeat(50)])));
    await store.set(old, change({ a: 1 }, [], NOW), HOUR);
    const watcher = new Redis(redis.url, { commandTimeout: 10_000 });
    try {
      const seen: Array<[number, number]> = [];
      let done = false;
      const watching = (async () => {
        while (!done) {
          const [[, oldExists], [, fields]] = (await watcher
            .multi()
            .exists(store.prefix + old)
            .hlen(store.prefix + fresh)
            .exec()) as [[null, number], [null, number]];
          seen.push([oldExists, fields]);
        }
      })();
      await store.rotate(old, fresh, { data: big, createdAt: NOW, touchedAt: NOW }, HOUR);
      done = true;
      await watching;
      // Either the old session alone, or the new one whole (200 data fields and 2 times).
      for (const [oldExists, fields] of seen)
        expect([oldExists, fields]).toEqual(oldExists === 1 ? [1, 0] : [0, 202]);
    } finally {
      watcher.disconnect();
    }
    expect(await store.get(old)).toBeUndefined();
    expect(Object.keys((await store.get(fresh))?.data ?? {})).toHaveLength(200);
  }, 30_000);

  it('gives each session the time to live it is saved with, under its prefix', async () => {
    const id = newId();
    await store.set(id, change({ a: 1 }, [], NOW), 90_000);
    const ttl = await client.pttl(`framework:session:${id}`);
    expect(ttl > 80_000 && ttl <= 90_000).toBe(true);
    const other = new RedisSessionStore({ client, prefix: 'app-b:' });
    expect(await other.get(id)).toBeUndefined();
    await other.rotate(newId(), id, { data: data({ b: 2 }), createdAt: NOW, touchedAt: NOW }, 1500);
    expect([await client.exists(`app-b:${id}`), (await store.get(id))?.data]).toEqual([1, data({ a: 1 })]);
    await other.close(); // the application's client stays open
    expect(await client.ping()).toBe('PONG');
  });

  it('forgets a session when its time to live has passed', async () => {
    const id = newId();
    await store.set(id, change({ a: 1 }, [], NOW), 1);
    let stored = await store.get(id);
    for (let i = 0; i < 50 && stored !== undefined; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      stored = await store.get(id);
    }
    expect(stored).toBeUndefined();
  });

  it('looks up, deletes and rotates away no id that is not base64url of 22 to 256 characters, and refuses to write one', async () => {
    await client.hset('framework:session:../x*', 'm:c', '1', 'm:t', '1');
    for (const id of ['', 'short', '../x*', 'a'.repeat(257), `${newId()}\r\nFLUSHALL`])
      expect(await store.get(id)).toBeUndefined();
    await store.destroy('../x*');
    const rotated = newId();
    await store.rotate('../x*', rotated, { data: data({ a: 1 }), createdAt: NOW, touchedAt: NOW }, HOUR);
    expect([await client.exists('framework:session:../x*'), (await store.get(rotated))?.data]).toEqual([
      1,
      data({ a: 1 }),
    ]);
    await expect(store.set('../x*', change({ a: 1 }, [], NOW), HOUR)).rejects.toThrow(
      'RedisSessionStore: a session id to write must be base64url of 22 to 256 characters.',
    );
    await expect(
      store.rotate(newId(), 'bad id', { data: data({}), createdAt: NOW, touchedAt: NOW }, HOUR),
    ).rejects.toMatchObject({ code: 'FRAMEWORK_ERR_STORE_REDIS_INVALID_ID' });
  });

  it('refuses a key of its prefix that something else wrote, naming it', async () => {
    const id = newId();
    await client.hset(`framework:session:${id}`, 'd:a', '{not json', 'm:c', '1', 'm:t', '1');
    const error = await store.get(id).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(StoreRedisError);
    expect((error as StoreRedisError).message).toBe(
      `RedisSessionStore: the key "framework:session:${id}" is not a session this store wrote: its field "d:a" is not JSON.`,
    );
    const timeless = newId();
    await client.hset(`framework:session:${timeless}`, 'd:a', '1');
    await expect(store.get(timeless)).rejects.toMatchObject({ code: 'FRAMEWORK_ERR_STORE_REDIS_BAD_REPLY' });
  });

  it('checks its options when it is made', () => {
    expect(() => new RedisSessionStore({ redis: redis.url, prefix: 'with space' })).toThrow(
      'RedisSessionStore: option `prefix` must be at most 100 printable characters without spaces.',
    );
    expect(() => new RedisSessionStore({} as never)).toThrow(
      'RedisSessionStore: option `redis` and its alternative: give exactly one of `client` and `redis`.',
    );
  });
});
