import { describe, expect, it } from '@jest/globals';
import { DEFAULT_RATE_LIMIT_KEYS, MemoryRateLimitStore } from '../src';

const QUOTA = { limit: 5, windowMs: 60_000 };
const NOW = Date.UTC(2026, 0, 1);

describe('MemoryRateLimitStore', () => {
  it('stays at its bound when a million distinct keys hit it', async () => {
    const store = new MemoryRateLimitStore();
    let largest = 0;
    for (let i = 0; i < 1_000_000; i++) {
      // The memory store decides synchronously; its promise is already settled.
      void store.hit(`default:${i >>> 16}.${(i >>> 8) & 255}.${i & 255}`, 1, QUOTA, NOW);
      largest = Math.max(largest, store.size);
    }
    expect(largest).toBe(DEFAULT_RATE_LIMIT_KEYS);
    expect([store.maxKeys, store.size]).toEqual([100_000, 100_000]);
  }, 120_000);

  it('drops the keys not hit since the newer half filled; a dropped key starts with a whole allowance', async () => {
    const store = new MemoryRateLimitStore({ maxKeys: 2 });
    const one = { limit: 1, windowMs: 60_000 };
    await store.hit('a', 1, one, NOW);
    await store.hit('b', 1, one, NOW);
    expect((await store.hit('a', 1, one, NOW)).allowed).toBe(false); // a is now the most recent
    await store.hit('c', 1, one, NOW); // evicts b
    expect(store.size).toBe(2);
    expect([
      (await store.hit('a', 1, one, NOW)).allowed,
      (await store.hit('b', 1, one, NOW)).allowed,
    ]).toEqual([false, true]);
  });

  it('answers remaining, reset and retry-after from the key state', async () => {
    const store = new MemoryRateLimitStore();
    const quota = { limit: 4, windowMs: 1000 };
    expect(await store.hit('k', 1, quota, NOW)).toEqual({
      allowed: true,
      remaining: 3,
      resetMs: 250,
      retryAfterMs: 0,
    });
    expect(await store.hit('k', 3, quota, NOW + 10)).toEqual({
      allowed: true,
      remaining: 0,
      resetMs: 990,
      retryAfterMs: 0,
    });
    expect(await store.hit('k', 2, quota, NOW + 100)).toEqual({
      allowed: false,
      remaining: 0,
      resetMs: 900,
      retryAfterMs: 400,
    });
    expect(await store.hit('k', 2, quota, NOW + 500)).toEqual({
      allowed: true,
      remaining: 0,
      resetMs: 1000,
      retryAfterMs: 0,
    });
  });

  it('counts exactly for limits that do not divide the window', async () => {
    const store = new MemoryRateLimitStore();
    const quota = { limit: 7, windowMs: 1000 };
    const allowed = [];
    for (let i = 0; i < 9; i++) allowed.push((await store.hit('k', 1, quota, NOW)).allowed);
    expect(allowed).toEqual([true, true, true, true, true, true, true, false, false]);
  });

  it('refuses a bound below two keys', () => {
    expect(() => new MemoryRateLimitStore({ maxKeys: 1 })).toThrow(
      'MemoryRateLimitStore: option `maxKeys` must be a whole number from 2, got number 1.',
    );
  });
});
