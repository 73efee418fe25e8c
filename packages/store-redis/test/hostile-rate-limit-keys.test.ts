import { afterAll, beforeAll, beforeEach, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { Application, JsonResponse, TextResponse } from '@framework/application';
import { rateLimit, session } from '@framework/middleware';
import { FindMyWayRouter } from '@framework/router-fmw';
import { Redis } from 'ioredis';
import { RedisRateLimitStore, RedisSessionStore } from '../src';
import { type CommandLog, logCommands } from './support/command-log';
import { type Answer, send } from './support/http-get';
import { serve } from './support/serve';
import { SECRET } from './support/session-modes';
import { describeWithRedis, type RunningRedis, startRedis } from './support/redis-server';

// One prefix for both stores: their keys still cannot meet.
const PREFIX = 'app:';

describeWithRedis('rate-limit keys from hostile clients in Redis, over a real socket', () => {
  let redis: RunningRedis;
  let limits: RedisRateLimitStore;
  let sessionStore: RedisSessionStore;
  let client: Redis;
  let log: CommandLog;
  let origin: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    redis = await startRedis();
    limits = new RedisRateLimitStore({ redis: redis.url, commandTimeout: 10_000, prefix: PREFIX });
    sessionStore = new RedisSessionStore({ redis: redis.url, commandTimeout: 10_000, prefix: PREFIX });
    client = new Redis(redis.url, { commandTimeout: 10_000 });
    log = await logCommands(redis.url);
    const once = { limit: 1, window: 60_000, store: limits, storeTimeout: 20_000 };
    const sessions = session({ secret: SECRET, store: sessionStore, storeTimeout: 20_000 });
    const app = new Application(new FindMyWayRouter(), {
      development: false,
      onError: () => undefined,
      trustProxy: ['127.0.0.1/32'],
    });
    app.pipe('/xff', rateLimit({ ...once, name: 'xff' }));
    app.pipe(sessions);
    app.pipeRoutingMiddleware();
    app.pipeDispatchMiddleware();
    app.get('/xff', () => new TextResponse('ok'));
    app.get('/api', [
      rateLimit({ ...once, name: 'api', key: (request) => request.header('x-api-key') ?? 'none' }),
      () => new TextResponse('ok'),
    ]);
    app.post('/body', [
      rateLimit({
        ...once,
        name: 'body',
        key: async (request) => (await request.json<{ key: string }>()).key,
      }),
      () => new TextResponse('ok'),
    ]);
    app.post('/login', (request) => {
      sessions.get(request).set('user', 'ada');
      return new TextResponse('in');
    });
    app.get('/me', (request) => new JsonResponse({ user: sessions.get(request).get('user') ?? null }));
    ({ origin, close } = await serve(app));
  }, 30_000);
  afterAll(async () => {
    await close?.();
    await log?.stop();
    await client?.quit();
    await limits?.close();
    await sessionStore?.close();
    await redis?.stop();
  }, 30_000);
  beforeEach(() => log.clear());

  function withKey(apiKey: string): Promise<Answer> {
    return send(origin, 'GET', '/api', { 'x-api-key': apiKey });
  }

  it('buckets hostile X-Forwarded-For values of a trusted proxy by address, in short keys and no key patterns', async () => {
    const forwarded = [
      'x'.repeat(8000),
      '*',
      '[a-z]*',
      'a:b:c',
      `${PREFIX}*`,
      'é',
      '203.0.113.7:*',
      '2001:db8:1:2::7%eth0',
      '2001:db8:1:2::8',
      '::ffff:198.51.100.9',
      'unknown',
    ];
    const statuses: number[] = [];
    for (const value of forwarded)
      statuses.push((await send(origin, 'GET', '/xff', { 'x-forwarded-for': value })).status);
    expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
    await log.settle();
    const names = new Set(log.commands.map(([name]) => name));
    expect([names.has('keys'), names.has('scan')]).toEqual([false, false]);
    // What is not an address is not believed: the request counts against the proxy that sent it.
    expect((await client.keys(`${PREFIX}xff:*`)).sort()).toEqual([
      `${PREFIX}xff:127.0.0.1`,
      `${PREFIX}xff:198.51.100.9`,
      `${PREFIX}xff:2001:db8:1:2::/64`,
    ]);
  });

  it('keeps custom keys apart: long ones digested, separators and non-ASCII as sent, a digest-shaped one its own', async () => {
    const long = 'k'.repeat(5000);
    const digestOfLong = `sha256:${createHash('sha256').update(long).digest('hex')}`;
    expect([(await withKey(long)).status, (await withKey(long)).status]).toEqual([200, 429]);
    // The digest of another client's long key, sent as a key, is not that client's allowance.
    expect([(await withKey(digestOfLong)).status, (await withKey(digestOfLong)).status]).toEqual([200, 429]);
    for (const key of ['a:b', 'a', 'b', '*', 'é', 'Ã©', `${PREFIX}api:a`])
      expect([key, (await withKey(key)).status]).toEqual([key, 200]);
    const keys = await client.keys(`${PREFIX}api:*`);
    expect(keys).toHaveLength(9);
    expect(keys).toContain(`${PREFIX}api:${digestOfLong}`);
    expect(Math.max(...keys.map((key) => Buffer.byteLength(key)))).toBeLessThanOrEqual(
      `${PREFIX}api:`.length + 200 * 2,
    );
  });

  it('keeps keys apart that differ only in lone surrogates, which UTF-8 would make one key', async () => {
    const hit = (json: string) =>
      send(origin, 'POST', '/body', { 'content-type': 'application/json' }, `{"key":"${json}"}`);
    expect([
      (await hit('\\ud800')).status,
      (await hit('\\udbff')).status,
      (await hit('\\ufffd')).status,
      (await hit('\\ud800')).status,
    ]).toEqual([200, 200, 200, 429]);
  });

  it('never reaches a session with a rate-limit key, even under the same prefix', async () => {
    const login = await send(origin, 'POST', '/login');
    const sid = /^sid=([^;]+)/.exec(login.headers['set-cookie']?.[0] ?? '')?.[1] as string;
    for (const key of [sid, `../${sid}`, `:${sid}`]) await withKey(key);
    expect(await client.type(PREFIX + sid)).toBe('hash');
    const me = await send(origin, 'GET', '/me', { cookie: `sid=${sid}` });
    expect(JSON.parse(me.body)).toEqual({ user: 'ada' });
  });
});
