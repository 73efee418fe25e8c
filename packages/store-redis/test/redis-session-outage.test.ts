import { afterAll, beforeAll, expect, it, jest } from '@jest/globals';
import { Application } from '@framework/application';
import { FindMyWayRouter } from '@framework/router-fmw';
import { RedisSessionStore } from '../src';
import { type Answer, send } from './support/http-get';
import { retryUntil, runKillingRedis } from './support/outage-run';
import { serve } from './support/serve';
import { pipeSessionModes } from './support/session-modes';
import { describeWithRedis, type RunningRedis, startRedis } from './support/redis-server';

const COMMAND_TIMEOUT = 1000;
type Mode = 'open' | 'closed';

describeWithRedis('session() when Redis goes away mid-run', () => {
  let redis: RunningRedis;
  let store: RedisSessionStore;
  let origin: string;
  let close: () => Promise<void>;
  const logger = { warn: jest.fn(), error: jest.fn() };
  const cookies: Record<Mode, string> = { open: '', closed: '' };

  beforeAll(async () => {
    redis = await startRedis();
    store = new RedisSessionStore({ redis: redis.url, commandTimeout: COMMAND_TIMEOUT });
    const app = new Application(new FindMyWayRouter(), { development: false, onError: () => undefined });
    // The middleware's own bound is far away: only the command timeout can end a wait on Redis.
    pipeSessionModes(app, store, { storeTimeout: 60_000, logger });
    ({ origin, close } = await serve(app));
  }, 30_000);
  afterAll(async () => {
    await close?.();
    await store?.close();
    await redis?.stop();
  }, 30_000);

  function me(mode: Mode): Promise<Answer> {
    return send(origin, 'GET', `/${mode}/me`, { cookie: `${mode}=${cookies[mode]}` });
  }

  function expectUnavailable(answer: Answer): void {
    expect([answer.status, answer.headers['content-type'], JSON.parse(answer.body).code]).toEqual([
      503,
      'application/problem+json',
      'FRAMEWORK_ERR_SESSION_STORE_UNAVAILABLE',
    ]);
  }

  function expectSignedOutButKept(answer: Answer): void {
    expect([answer.status, JSON.parse(answer.body), answer.headers['set-cookie']]).toEqual([
      200,
      { user: null },
      undefined,
    ]);
  }

  async function signIn(): Promise<void> {
    for (const mode of ['open', 'closed'] as const) {
      const answer = await send(origin, 'POST', `/${mode}/login`);
      expect([answer.status, JSON.parse(answer.body)]).toEqual([200, { user: 'ada' }]);
      cookies[mode] = /^[a-z]+=([^;]+)/.exec(answer.headers['set-cookie']?.[0] ?? '')?.[1] ?? '';
    }
  }

  it('reads the sessions while Redis answers', async () => {
    await signIn();
    for (const mode of ['open', 'closed'] as const)
      expect(JSON.parse((await me(mode)).body)).toEqual({ user: 'ada' });
  });

  it('answers as each mode says while Redis is alive but silent, ended by the command timeout', async () => {
    redis.signal('SIGSTOP');
    try {
      const [open, closed, login] = await Promise.all([
        me('open'),
        me('closed'),
        send(origin, 'POST', '/open/login', { cookie: `open=${cookies.open}` }),
      ]);
      expectSignedOutButKept(open);
      expectUnavailable(closed);
      // A sign-in is never completed without its rotation, whatever the mode.
      expect([login.status, login.headers['set-cookie']]).toEqual([503, undefined]);
      expect(logger.error.mock.calls.map(([fields]) => fields)).toEqual(
        expect.arrayContaining([
          { mode: 'fail-open', error: 'Command timed out' },
          { mode: 'fail-closed', error: 'Command timed out' },
        ]),
      );
    } finally {
      redis.signal('SIGCONT');
    }
  }, 30_000);

  it('answers every request of a run in which Redis is killed, as each mode says, none hung', async () => {
    await retryUntil(
      () => me('closed'),
      (answer) => answer.status === 200,
      50,
    );
    logger.error.mockClear();
    const modeOf = (index: number): Mode => (index % 2 === 0 ? 'open' : 'closed');
    const answers = await runKillingRedis(redis, 20, 6, (index) => me(modeOf(index)));
    for (const { index, answer, killed } of answers) {
      const mode = modeOf(index);
      if (!killed)
        expect([mode, answer.status, JSON.parse(answer.body)]).toEqual([mode, 200, { user: 'ada' }]);
      else if (mode === 'open') expectSignedOutButKept(answer);
      else expectUnavailable(answer);
    }
    // One log line per middleware for the whole outage, however many requests it failed.
    expect(logger.error).toHaveBeenCalledTimes(2);
  }, 90_000);

  it('serves sessions again, and logs that it does, when Redis is back (without persistence they are gone)', async () => {
    redis = await startRedis(redis.port);
    const answer = await retryUntil(
      () => me('closed'),
      (got) => got.status === 200,
      100,
    );
    expect([answer.status, JSON.parse(answer.body)]).toEqual([200, { user: null }]);
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({ mode: 'fail-closed' }),
      'session: the store answers again',
    );
    await signIn();
    expect(JSON.parse((await me('closed')).body)).toEqual({ user: 'ada' });
  }, 30_000);
});
