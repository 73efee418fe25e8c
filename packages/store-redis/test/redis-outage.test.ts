import { afterAll, beforeAll, expect, it, jest } from '@jest/globals';
import { Application, TextResponse } from '@framework/application';
import { rateLimit } from '@framework/middleware';
import { FindMyWayRouter } from '@framework/router-fmw';
import { RedisRateLimitStore } from '../src';
import { type Answer, get } from './support/http-get';
import { retryUntil, runKillingRedis } from './support/outage-run';
import { serve } from './support/serve';
import { describeWithRedis, type RunningRedis, startRedis } from './support/redis-server';

const COMMAND_TIMEOUT = 1000;

describeWithRedis('rateLimit when Redis goes away mid-run', () => {
  let redis: RunningRedis;
  let store: RedisRateLimitStore;
  let origin: string;
  let close: () => Promise<void>;
  const logger = { warn: jest.fn(), error: jest.fn() };

  beforeAll(async () => {
    redis = await startRedis();
    store = new RedisRateLimitStore({ redis: redis.url, commandTimeout: COMMAND_TIMEOUT });
    const app = new Application(new FindMyWayRouter(), { development: false });
    // The middleware's own bound is far away: only the command timeout can end a wait on Redis.
    const common = { limit: 1000, window: 60_000, store, logger, storeTimeout: 60_000 };
    app.pipe('/open', rateLimit({ ...common, name: 'open', onStoreError: 'fail-open' }));
    app.pipe('/closed', rateLimit({ ...common, name: 'closed', onStoreError: 'fail-closed' }));
    app.pipeRoutingMiddleware();
    app.pipeDispatchMiddleware();
    app.get('/open', () => new TextResponse('open'));
    app.get('/closed', () => new TextResponse('closed'));
    ({ origin, close } = await serve(app));
  }, 30_000);
  afterAll(async () => {
    await close?.();
    await store?.close();
    await redis?.stop();
  }, 30_000);

  function expectUnavailable(answer: Answer): void {
    expect([answer.status, answer.headers['content-type'], JSON.parse(answer.body).code]).toEqual([
      503,
      'application/problem+json',
      'FRAMEWORK_ERR_RATE_LIMIT_STORE_UNAVAILABLE',
    ]);
  }

  it('counts while Redis answers', async () => {
    const [open, closed] = await Promise.all([get(origin, '/open'), get(origin, '/closed')]);
    expect([open.status, open.headers.ratelimit, closed.status, closed.headers.ratelimit]).toEqual([
      200,
      '"open";r=999;t=1',
      200,
      '"closed";r=999;t=1',
    ]);
  });

  it('answers as each mode says while Redis is alive but silent, ended by the command timeout', async () => {
    redis.signal('SIGSTOP');
    try {
      const [open, closed] = await Promise.all([get(origin, '/open'), get(origin, '/closed')]);
      expect([open.status, open.body, open.headers.ratelimit]).toEqual([200, 'open', undefined]);
      expectUnavailable(closed);
      expect(logger.error.mock.calls.map(([fields]) => fields)).toEqual(
        expect.arrayContaining([
          { policy: 'open', mode: 'fail-open', error: 'Command timed out' },
          { policy: 'closed', mode: 'fail-closed', error: 'Command timed out' },
        ]),
      );
    } finally {
      redis.signal('SIGCONT');
    }
  });

  it('answers every request of a run in which Redis is killed, as each mode says, none hung', async () => {
    // Let the client see Redis again after the pause, so the run starts with a live store.
    await retryUntil(
      () => get(origin, '/closed'),
      (answer) => answer.status === 200,
      50,
    );
    logger.error.mockClear();
    const pathOf = (index: number) => (index % 2 === 0 ? '/open' : '/closed');
    const answers = await runKillingRedis(redis, 30, 10, (index) => get(origin, pathOf(index)));
    for (const { index, answer, killed } of answers) {
      const path = pathOf(index);
      if (!killed)
        expect([path, answer.status, typeof answer.headers.ratelimit]).toEqual([path, 200, 'string']);
      else if (path === '/open')
        expect([answer.status, answer.body, answer.headers.ratelimit]).toEqual([200, 'open', undefined]);
      else expectUnavailable(answer);
    }
    // One log line per limit for the whole outage, however many requests it failed.
    expect(logger.error.mock.calls.map(([fields]) => (fields as { policy: string }).policy).sort()).toEqual([
      'closed',
      'open',
    ]);
  }, 90_000);

  it('counts again, and logs that it does, when Redis is back', async () => {
    redis = await startRedis(redis.port);
    const answer = await retryUntil(
      () => get(origin, '/closed'),
      (got) => got.status === 200,
      100,
    );
    // A hit sent just before the server came back may count too: the store errs on the strict side.
    expect([answer.status, answer.headers.ratelimit]).toEqual([
      200,
      expect.stringMatching(/^"closed";r=99\d;t=1$/),
    ]);
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({ policy: 'closed', mode: 'fail-closed' }),
      'rateLimit: the store answers again',
    );
  }, 30_000);
});
