import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { type AppProcess, startProcess, stopProcesses } from './support/app-process';
import { type Answer, get } from './support/http-get';
import { describeWithRedis, type RunningRedis, startRedis } from './support/redis-server';

describeWithRedis('two processes behind one Redis', () => {
  let redis: RunningRedis;
  let processes: AppProcess[];

  beforeAll(async () => {
    redis = await startRedis();
    const env = { REDIS_URL: redis.url, FIXED_NOW: String(Date.UTC(2026, 0, 1)) };
    processes = await Promise.all([
      startProcess('limited-server.js', env),
      startProcess('limited-server.js', env),
    ]);
  }, 30_000);
  afterAll(async () => {
    await stopProcesses();
    await redis?.stop();
  }, 30_000);

  it('share one limit of 100 per minute: of 300 requests spread over both, exactly 100 are not 429', async () => {
    const answers: Answer[] = [];
    for (let batch = 0; batch < 30; batch++) {
      const sent = Array.from({ length: 10 }, (_, i) =>
        get((processes[(batch * 10 + i) % 2] as AppProcess).origin),
      );
      answers.push(...(await Promise.all(sent)));
    }
    const served = answers.filter((answer) => answer.status !== 429);
    const refused = answers.filter((answer) => answer.status === 429);
    expect([served.length, refused.length]).toEqual([100, 200]);
    expect(new Set(served.map((answer) => answer.status))).toEqual(new Set([200]));
    // Both processes served some of the hundred.
    expect(new Set(served.map((answer) => answer.body)).size).toBe(2);

    // The countdown: each remaining count from 99 to 0 was told exactly once, in both header styles.
    const remaining = served.map((answer) => Number(/;r=(\d+);/.exec(String(answer.headers.ratelimit))?.[1]));
    expect(remaining.sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i));
    for (const answer of served) {
      expect(answer.headers['ratelimit-policy']).toBe('"default";q=100;w=60');
      expect(answer.headers['x-ratelimit-remaining']).toBe(
        /;r=(\d+);/.exec(String(answer.headers.ratelimit))?.[1],
      );
    }
    for (const answer of refused) {
      expect([
        answer.headers['content-type'],
        answer.headers['retry-after'],
        answer.headers.ratelimit,
      ]).toEqual(['application/problem+json', '1', '"default";r=0;t=60']);
    }
  }, 60_000);
});
