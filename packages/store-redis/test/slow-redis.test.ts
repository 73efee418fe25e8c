import { afterAll, afterEach, expect, it } from '@jest/globals';
import { Application, TextResponse } from '@framework/application';
import { rateLimit } from '@framework/middleware';
import { FindMyWayRouter } from '@framework/router-fmw';
import { Redis } from 'ioredis';
import { RedisRateLimitStore, RedisSessionStore } from '../src';
import { type Answer, send } from './support/http-get';
import { retryUntil } from './support/outage-run';
import { serve } from './support/serve';
import { pipeSessionModes } from './support/session-modes';
import { describeWithRedis, freePort, type RunningRedis, startRedis } from './support/redis-server';

const quiet = { warn: () => undefined, error: () => undefined };

/** An application limited and with sessions in the Redis at `url`, each in both modes. */
async function servedOn(url: string, bounds: { commandTimeout: number; storeTimeout: number }) {
  const { commandTimeout, storeTimeout } = bounds;
  const limits = new RedisRateLimitStore({ redis: url, commandTimeout });
  const sessionStore = new RedisSessionStore({ redis: url, commandTimeout });
  const app = new Application(new FindMyWayRouter(), { development: false, onError: () => undefined });
  const common = { limit: 1000, window: 60_000, store: limits, storeTimeout, logger: quiet };
  app.pipe('/open', rateLimit({ ...common, name: 'open', onStoreError: 'fail-open' }));
  app.pipe('/closed', rateLimit({ ...common, name: 'closed', onStoreError: 'fail-closed' }));
  pipeSessionModes(app, sessionStore, { prefix: 's-', storeTimeout, logger: quiet });
  app.pipeRoutingMiddleware();
  app.pipeDispatchMiddleware();
  app.get('/open', () => new TextResponse('open'));
  app.get('/closed', () => new TextResponse('closed'));
  const served = await serve(app);
  return {
    origin: served.origin,
    close: async () => {
      await served.close();
      await limits.close();
      await sessionStore.close();
    },
  };
}

function code(answer: Answer): string | undefined {
  return answer.headers['content-type'] === 'application/problem+json'
    ? (JSON.parse(answer.body) as { code: string }).code
    : undefined;
}

describeWithRedis('rateLimit and session() when Redis is slow or not there, over a real socket', () => {
  // Jest fails a case on any unhandled rejection, so the late replies of the held commands, which
  // arrive before each case ends, are shown to be handled.
  const running: Array<{ stop(): Promise<void> }> = [];
  let closing: Array<() => Promise<void>> = [];

  afterEach(async () => {
    for (const close of closing) await close();
    closing = [];
  }, 30_000);
  afterAll(async () => {
    for (const redis of running) await redis.stop();
  }, 30_000);

  it('answers within storeTimeout, as each mode says, while Redis holds every command, then serves again', async () => {
    const redis: RunningRedis = await startRedis();
    running.push(redis);
    // The command timeout is far: only the middleware's own bound can end these requests in time.
    const app = await servedOn(redis.url, { commandTimeout: 60_000, storeTimeout: 300 });
    closing.push(app.close);
    const cookies: string[] = [];
    for (const mode of ['open', 'closed']) {
      const login = await send(app.origin, 'POST', `/s-${mode}/login`);
      cookies.push((login.headers['set-cookie']?.[0] ?? '').split(';')[0] as string);
    }
    const [openCookie, cookie] = cookies as [string, string];
    const admin = new Redis(redis.url);
    try {
      await admin.call('CLIENT', 'PAUSE', '2000', 'ALL');
      const [open, closed, sessionOpen, sessionClosed] = await Promise.all([
        send(app.origin, 'GET', '/open'),
        send(app.origin, 'GET', '/closed'),
        send(app.origin, 'GET', '/s-open/me', { cookie: openCookie }),
        send(app.origin, 'GET', '/s-closed/me', { cookie }),
      ]);
      expect([open.status, open.body]).toEqual([200, 'open']);
      expect([closed.status, code(closed)]).toEqual([503, 'FRAMEWORK_ERR_RATE_LIMIT_STORE_UNAVAILABLE']);
      // Served without its session, which is kept: the cookie is left alone.
      expect([sessionOpen.status, JSON.parse(sessionOpen.body), sessionOpen.headers['set-cookie']]).toEqual([
        200,
        { user: null },
        undefined,
      ]);
      expect([sessionClosed.status, code(sessionClosed)]).toEqual([
        503,
        'FRAMEWORK_ERR_SESSION_STORE_UNAVAILABLE',
      ]);
    } finally {
      await admin.quit();
    }
    const back = await retryUntil(
      () => send(app.origin, 'GET', '/s-closed/me', { cookie }),
      (answer) => answer.status === 200,
      100,
    );
    expect(JSON.parse(back.body)).toEqual({ user: 'ada' });
    const open = await send(app.origin, 'GET', '/s-open/me', { cookie: openCookie });
    expect(JSON.parse(open.body)).toEqual({ user: 'ada' });
    expect((await send(app.origin, 'GET', '/closed')).status).toBe(200);
  }, 60_000);

  it('answers as each mode says when Redis was never there, and serves once it starts', async () => {
    const port = await freePort();
    const app = await servedOn(`redis://127.0.0.1:${port}`, { commandTimeout: 500, storeTimeout: 1000 });
    closing.push(app.close);
    const [open, closed, sessionOpen, login] = await Promise.all([
      send(app.origin, 'GET', '/open'),
      send(app.origin, 'GET', '/closed'),
      send(app.origin, 'GET', '/s-open/me'),
      send(app.origin, 'POST', '/s-open/login'),
    ]);
    expect([open.status, closed.status, code(closed)]).toEqual([
      200,
      503,
      'FRAMEWORK_ERR_RATE_LIMIT_STORE_UNAVAILABLE',
    ]);
    expect([sessionOpen.status, JSON.parse(sessionOpen.body)]).toEqual([200, { user: null }]);
    // A sign-in is never completed without its rotation, whatever the mode.
    expect([login.status, login.headers['set-cookie']]).toEqual([503, undefined]);
    running.push(await startRedis(port));
    const back = await retryUntil(
      () => send(app.origin, 'POST', '/s-closed/login'),
      (answer) => answer.status === 200,
      100,
    );
    expect(JSON.parse(back.body)).toEqual({ user: 'ada' });
    expect((await send(app.origin, 'GET', '/closed')).status).toBe(200);
  }, 60_000);
});
