import { afterAll, beforeAll, beforeEach, expect, it } from '@jest/globals';
import { Application, JsonResponse, type ServerRequest } from '@framework/application';
import { session } from '@framework/middleware';
import { FindMyWayRouter } from '@framework/router-fmw';
import { Redis } from 'ioredis';
import { RedisSessionStore } from '../src';
import { type CommandLog, logCommands } from './support/command-log';
import { type Answer, send } from './support/http-get';
import { serve } from './support/serve';
import { SECRET } from './support/session-modes';
import { describeWithRedis, type RunningRedis, startRedis } from './support/redis-server';

const PREFIX = 'framework:session:';

/** The `sid` cookie an answer sets: its value, '' when it drops the cookie, undefined when it sets none. */
function sidOf(answer: Answer): string | undefined {
  const cookie = (answer.headers['set-cookie'] ?? []).find((line) => line.startsWith('sid='));
  if (cookie === undefined) return undefined;
  return /Max-Age=0/i.test(cookie) ? '' : (/^sid=([^;]*)/.exec(cookie)?.[1] ?? '');
}

/** Arrays nested `depth` deep around an empty one, and back. */
function nested(depth: number): unknown[] {
  let value: unknown[] = [];
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}
function depthOf(value: unknown): number {
  let depth = 0;
  for (let at = value; Array.isArray(at) && at.length === 1; at = at[0]) depth++;
  return depth;
}

describeWithRedis('session() in Redis against hostile clients, over a real socket', () => {
  let redis: RunningRedis;
  let store: RedisSessionStore;
  let client: Redis;
  let log: CommandLog;
  let origin: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    redis = await startRedis();
    store = new RedisSessionStore({ redis: redis.url, commandTimeout: 10_000 });
    client = new Redis(redis.url, { commandTimeout: 10_000 });
    log = await logCommands(redis.url);
    const sessions = session({ secret: SECRET, store, storeTimeout: 20_000 });
    const app = new Application(new FindMyWayRouter(), { development: false, onError: () => undefined });
    app.pipe(sessions);
    app.pipeRoutingMiddleware();
    app.pipeDispatchMiddleware();
    const me = (request: ServerRequest) => {
      const current = sessions.get(request);
      return new JsonResponse({ user: current.get('user') ?? null, note: current.get('note') ?? null });
    };
    app.get('/me', me);
    app.post('/login', async (request) => {
      await sessions.get(request).regenerate({ userId: 'ada' });
      sessions.get(request).set('user', 'ada');
      return me(request);
    });
    app.post('/note', (request) => {
      sessions.get(request).set('note', String(request.query.text));
      return me(request);
    });
    app.post('/logout', async (request) => {
      await sessions.get(request).destroy();
      return me(request);
    });
    app.post('/doc/proto', (request) => {
      const current = sessions.get(request);
      current.set('__proto__', { polluted: 'yes' });
      current.set('constructor', { prototype: { polluted: 'yes' } });
      current.set('nested', JSON.parse('{"__proto__": {"polluted": "yes"}}'));
      return me(request);
    });
    app.get('/doc/proto', (request) => {
      const data = sessions.get(request).toJSON() as Record<string, Record<string, unknown>>;
      return new JsonResponse({
        keys: Object.keys(data).sort(),
        nullPrototype: Object.getPrototypeOf(data) === null,
        proto: data['__proto__'],
        nestedOwnProto: Object.hasOwn(data.nested ?? {}, '__proto__'),
        polluted: ({} as Record<string, unknown>).polluted ?? null,
      });
    });
    app.post('/doc/deep', (request) => {
      sessions.get(request).set('deep', nested(Number(request.query.depth)));
      return me(request);
    });
    app.get(
      '/doc/deep',
      (request) => new JsonResponse({ depth: depthOf(sessions.get(request).get('deep')) }),
    );
    app.post('/doc/huge', (request) => {
      sessions.get(request).set('huge', 'x'.repeat(Number(request.query.length)));
      return me(request);
    });
    app.get('/doc/huge', (request) => {
      const huge = sessions.get(request).get('huge');
      return new JsonResponse({ length: typeof huge === 'string' ? huge.length : null });
    });
    ({ origin, close } = await serve(app));
  }, 30_000);
  afterAll(async () => {
    await close?.();
    await log?.stop();
    await client?.quit();
    await store?.close();
    await redis?.stop();
  }, 30_000);
  beforeEach(() => log.clear());

  function call(method: string, path: string, cookie?: string): Promise<Answer> {
    return send(origin, method, path, cookie === undefined ? {} : { cookie });
  }

  async function signIn(): Promise<string> {
    const answer = await call('POST', '/login');
    expect([answer.status, JSON.parse(answer.body).user]).toEqual([200, 'ada']);
    return sidOf(answer) as string;
  }

  it('answers hostile session cookies with a fresh session, none reaching a Redis key unchecked', async () => {
    const hostile = [
      'A'.repeat(5000), // over the cookie limit: ignored unread
      'A'.repeat(4000),
      '*',
      `${PREFIX}*`,
      `?${'A'.repeat(31)}`,
      `[A-Za-z]${'A'.repeat(24)}`,
      `${'A'.repeat(31)}*`,
      `${'A'.repeat(31)}:`,
      `${'A'.repeat(32)}%0A`, // 32 good characters then a line break
      `${'A'.repeat(31)}%0A`,
      '%0D%0AFLUSHALL%0D%0A',
      `${'A'.repeat(16)}%20${'A'.repeat(15)}`,
      `${'A'.repeat(16)} ${'A'.repeat(15)}`,
      'é'.repeat(32), // Latin-1 bytes as sent
      '%E6%97%A5'.repeat(32), // percent-escaped UTF-8
      '%E0%A4%A'.repeat(4), // malformed escapes, kept as sent
      `..%2F..%2F${PREFIX}x`,
    ];
    for (const value of hostile) {
      const answer = await call('GET', '/me', `sid=${value}`);
      expect([value, answer.status, JSON.parse(answer.body), sidOf(answer)]).toEqual([
        value,
        200,
        { user: null, note: null },
        value.length > 4096 ? undefined : '',
      ]);
    }
    // Percent-escapes of base64url characters decode to an id of the right shape: looked up, found absent.
    const escaped = await call('GET', '/me', `sid=${'%41'.repeat(32)}`);
    expect([escaped.status, JSON.parse(escaped.body), sidOf(escaped)]).toEqual([
      200,
      { user: null, note: null },
      '',
    ]);
    // 200 cookies of the same name: the first is read, and it is no good.
    const many = Array.from({ length: 200 }, (_, i) => `sid=*${i}`).join('; ');
    expect((await call('GET', '/me', many)).status).toBe(200);
    await log.settle();
    expect(log.commands).toEqual([['hgetall', `${PREFIX}${'A'.repeat(32)}`]]);
  }, 30_000);

  it('reads the first of several session cookies, and a forged one in front never deletes the real session', async () => {
    const sid = await signIn();
    const first = await call('GET', '/me', `sid=${sid}; sid=*; sid=${'B'.repeat(32)}`);
    expect([JSON.parse(first.body).user, sidOf(first) ?? sid]).toEqual(['ada', sid]);
    const shadowed = await call('GET', '/me', `sid=*; sid=${sid}`);
    expect([JSON.parse(shadowed.body).user, sidOf(shadowed)]).toEqual([null, '']);
    expect(await client.exists(PREFIX + sid)).toBe(1);
    await log.settle();
    expect(log.commands.filter(([name]) => name === 'keys' || name === 'scan')).toEqual([]);
  });

  it('never adopts an id the client made up, whether the request writes or signs in', async () => {
    const forged = 'F'.repeat(32);
    const note = await call('POST', '/note?text=planted', `sid=${forged}`);
    const login = await call('POST', '/login', `sid=${forged}`);
    for (const answer of [note, login]) {
      const sid = sidOf(answer) as string;
      expect(sid).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(sid).not.toBe(forged);
      expect(await client.exists(PREFIX + sid)).toBe(1);
    }
    await log.settle();
    // The made-up id is only ever looked up.
    const naming = log.commands.filter((command) => command.some((arg) => arg.includes(forged)));
    expect(naming).toEqual([
      ['hgetall', PREFIX + forged],
      ['hgetall', PREFIX + forged],
    ]);
    expect(await client.exists(PREFIX + forged)).toBe(0);
  });

  it('deletes the old key at regenerate() and the key at destroy(), as Redis shows', async () => {
    const before = await signIn();
    const again = await call('POST', '/login', `sid=${before}`);
    const after = sidOf(again) as string;
    expect([
      after === before,
      await client.exists(PREFIX + before),
      await client.exists(PREFIX + after),
    ]).toEqual([false, 0, 1]);
    const logout = await call('POST', '/logout', `sid=${after}`);
    expect([logout.status, sidOf(logout), await client.exists(PREFIX + after)]).toEqual([200, '', 0]);
    // Replayed, either id finds nothing and brings nothing back.
    for (const old of [before, after]) {
      const replay = await call('POST', '/note?text=late', `sid=${old}`);
      expect([JSON.parse(replay.body).user, sidOf(replay) === old]).toEqual([null, false]);
      expect(await client.exists(PREFIX + old)).toBe(0);
    }
  });

  it('keeps "__proto__" and "constructor" keys as data, polluting no prototype on the way out or back', async () => {
    const sid = sidOf(await call('POST', '/doc/proto')) as string;
    expect(await client.hget(PREFIX + sid, 'd:__proto__')).toBe('{"polluted":"yes"}');
    const read = await call('GET', '/doc/proto', `sid=${sid}`);
    expect([read.status, JSON.parse(read.body)]).toEqual([
      200,
      {
        keys: ['__proto__', 'constructor', 'nested'],
        nullPrototype: true,
        proto: { polluted: 'yes' },
        nestedOwnProto: true,
        polluted: null,
      },
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps a deeply nested value whole, and refuses one JSON cannot write without losing the session', async () => {
    const sid = sidOf(await call('POST', '/doc/deep?depth=1000')) as string;
    expect(JSON.parse((await call('GET', '/doc/deep', `sid=${sid}`)).body)).toEqual({ depth: 1000 });
    const tooDeep = await call('POST', '/doc/deep?depth=100000', `sid=${sid}`);
    expect([tooDeep.status, tooDeep.body.includes('at ')]).toEqual([500, false]);
    expect(JSON.parse((await call('GET', '/doc/deep', `sid=${sid}`)).body)).toEqual({ depth: 1000 });
  });

  it('stores and reads back a large value whole: its size is what the handler writes', async () => {
    const length = 1024 * 1024;
    const sid = sidOf(await call('POST', `/doc/huge?length=${length}`)) as string;
    expect(await client.hstrlen(PREFIX + sid, 'd:huge')).toBe(length + 2);
    expect(JSON.parse((await call('GET', '/doc/huge', `sid=${sid}`)).body)).toEqual({ length });
  }, 30_000); // 1 MiB through the socket, Redis and its MONITOR log: seconds on a loaded machine
});
