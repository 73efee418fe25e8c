import { describe, expect, it, jest } from '@jest/globals';
import { Application, type ServerRequest, TextResponse } from '@framework/application';
import { FindMyWayRouter } from '@framework/router-fmw';
import {
  MemoryRateLimitStore,
  rateLimit,
  type RateLimitHit,
  type RateLimitOptions,
  type RateLimitStore,
} from '../src';
import { call } from './support/app';

const START = Date.UTC(2026, 0, 1);

/** A clock the test moves. */
function clock(): { now: () => number; advance: (ms: number) => void } {
  let time = START;
  return { now: () => time, advance: (ms) => (time += ms) };
}

function limitedApp(...limits: ReturnType<typeof rateLimit>[]): Application {
  const app = new Application(new FindMyWayRouter(), { development: false, onError: () => undefined });
  for (const limit of limits) app.pipe(limit);
  app.pipeRoutingMiddleware();
  app.pipeDispatchMiddleware();
  app.get('/', () => new TextResponse('ok'));
  return app;
}

const from = (address: string): { clientAddress: string } => ({ clientAddress: address });

function get(app: Application, path = '/', address = '203.0.113.7'): Promise<Response> {
  return app.fetchWith(new Request(`http://localhost${path}`), from(address));
}

describe('rateLimit', () => {
  it('counts down in RateLimit, then refuses with 429 problem+json and Retry-After', async () => {
    const time = clock();
    const app = limitedApp(rateLimit({ limit: 3, window: 60_000, now: time.now }));
    const seen: Array<[number, string | null, string | null]> = [];
    for (let i = 0; i < 4; i++) {
      const answer = await get(app);
      seen.push([answer.status, answer.headers.get('ratelimit-policy'), answer.headers.get('ratelimit')]);
    }
    expect(seen).toEqual([
      [200, '"default";q=3;w=60', '"default";r=2;t=20'],
      [200, '"default";q=3;w=60', '"default";r=1;t=40'],
      [200, '"default";q=3;w=60', '"default";r=0;t=60'],
      [429, '"default";q=3;w=60', '"default";r=0;t=60'],
    ]);
    const refused = await get(app);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    expect(refused.headers.get('retry-after')).toBe('20');
    expect(await refused.json()).toEqual({
      type: 'about:blank',
      title: 'Too Many Requests',
      status: 429,
      detail: 'Too many requests: retry after the time Retry-After says.',
      code: 'FRAMEWORK_ERR_RATE_LIMITED',
    });
  });

  it('gives back one request per window/limit, and the whole allowance after a window at rest', async () => {
    const time = clock();
    const app = limitedApp(rateLimit({ limit: 3, window: 60_000, now: time.now }));
    for (let i = 0; i < 3; i++) await get(app);
    expect((await get(app)).status).toBe(429);
    time.advance(19_999);
    expect((await get(app)).status).toBe(429);
    time.advance(1);
    const back = await get(app);
    expect([back.status, back.headers.get('ratelimit')]).toEqual([200, '"default";r=0;t=60']);
    time.advance(60_000);
    expect((await get(app)).headers.get('ratelimit')).toBe('"default";r=2;t=20');
  });

  it('holds a client to a token bucket: at most limit + elapsed/interval requests over any stretch', async () => {
    const time = clock();
    const app = limitedApp(rateLimit({ limit: 10, window: 1000, now: time.now }));
    const allowedAt: number[] = [];
    for (let step = 0; step < 400; step++) {
      if ((await get(app)).status === 200) allowedAt.push(time.now());
      time.advance(step % 7 === 0 ? 137 : 11);
    }
    // One request comes back every 100 ms (window / limit); the bucket holds 10.
    for (const [i, start] of allowedAt.entries()) {
      for (const end of allowedAt.slice(i)) {
        const inStretch = allowedAt.filter((at) => at >= start && at <= end).length;
        expect(inStretch).toBeLessThanOrEqual(10 + Math.floor((end - start) / 100));
      }
    }
    const elapsed = time.now() - START;
    expect(allowedAt.length).toBe(10 + Math.floor((allowedAt.at(-1)! - START) / 100));
    expect(allowedAt.length).toBeLessThanOrEqual(10 + elapsed / 100);
  });

  it('keeps one allowance per client', async () => {
    const time = clock();
    const app = limitedApp(rateLimit({ limit: 1, window: 60_000, now: time.now }));
    expect((await get(app, '/', '203.0.113.7')).status).toBe(200);
    expect((await get(app, '/', '203.0.113.7')).status).toBe(429);
    expect((await get(app, '/', '203.0.113.8')).status).toBe(200);
  });

  it('puts requests without a client address in one shared allowance, never none', async () => {
    const app = limitedApp(rateLimit({ limit: 2, window: 60_000 }));
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await call(app, '/')).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect((await get(app)).status).toBe(200);
  });

  it('writes the legacy X-RateLimit fields when asked, and only the standard ones by default', async () => {
    const time = clock();
    const both = limitedApp(rateLimit({ limit: 5, window: 60_000, now: time.now, legacyHeaders: true }));
    const answer = await get(both);
    expect({
      limit: answer.headers.get('x-ratelimit-limit'),
      remaining: answer.headers.get('x-ratelimit-remaining'),
      reset: answer.headers.get('x-ratelimit-reset'),
      standard: answer.headers.get('ratelimit'),
    }).toEqual({
      limit: '5',
      remaining: '4',
      reset: String(START / 1000 + 12),
      standard: '"default";r=4;t=12',
    });

    const plain = await get(limitedApp(rateLimit({ limit: 5, window: 60_000 })));
    expect(plain.headers.get('x-ratelimit-limit')).toBeNull();
    const none = await get(limitedApp(rateLimit({ limit: 5, window: 60_000, standardHeaders: false })));
    expect([none.status, none.headers.get('ratelimit'), none.headers.get('ratelimit-policy')]).toEqual([
      200,
      null,
      null,
    ]);
  });

  it('lists every limit an answer passed in the RateLimit fields', async () => {
    const time = clock();
    const app = limitedApp(
      rateLimit({ limit: 100, window: 60_000, now: time.now }),
      rateLimit({ name: 'burst', limit: 5, window: 1000, now: time.now }),
    );
    const answer = await get(app);
    expect(answer.headers.get('ratelimit-policy')).toBe('"burst";q=5;w=1, "default";q=100;w=60');
    expect(answer.headers.get('ratelimit')).toBe('"burst";r=4;t=1, "default";r=99;t=1');
  });

  it('tells in the legacy fields the limit with the fewest requests left', async () => {
    const time = clock();
    const app = limitedApp(
      rateLimit({ limit: 3, window: 60_000, now: time.now, legacyHeaders: true }),
      rateLimit({ name: 'wide', limit: 50, window: 60_000, now: time.now, legacyHeaders: true }),
    );
    const answer = await get(app);
    expect([answer.headers.get('x-ratelimit-limit'), answer.headers.get('x-ratelimit-remaining')]).toEqual([
      '3',
      '2',
    ]);
    const inner = limitedApp(
      rateLimit({ name: 'wide', limit: 50, window: 60_000, now: time.now, legacyHeaders: true }),
      rateLimit({ limit: 3, window: 60_000, now: time.now, legacyHeaders: true }),
    );
    const other = await get(inner);
    expect([other.headers.get('x-ratelimit-limit'), other.headers.get('x-ratelimit-remaining')]).toEqual([
      '3',
      '2',
    ]);
  });

  it('limits one path on its own, piped on the path or in a route', async () => {
    const time = clock();
    const app = new Application(new FindMyWayRouter(), { development: false });
    app.pipe('/api', rateLimit({ name: 'api', limit: 2, window: 60_000, now: time.now }));
    app.pipeRoutingMiddleware();
    app.pipeDispatchMiddleware();
    app.get('/api/items', () => new TextResponse('items'));
    app.post('/login', [
      rateLimit({ name: 'login', limit: 1, window: 60_000, now: time.now }),
      () => new TextResponse('in'),
    ]);
    app.get('/free', () => new TextResponse('free'));
    const status = async (method: string, path: string): Promise<number> =>
      (await app.fetchWith(new Request(`http://localhost${path}`, { method }), from('198.51.100.1'))).status;
    expect([
      await status('GET', '/api/items'),
      await status('GET', '/api/items'),
      await status('GET', '/api/items'),
    ]).toEqual([200, 200, 429]);
    expect([await status('POST', '/login'), await status('POST', '/login')]).toEqual([200, 429]);
    const free = [];
    for (let i = 0; i < 5; i++) free.push(await status('GET', '/free'));
    expect(free).toEqual([200, 200, 200, 200, 200]);
  });

  it('counts by the key function, and stores keys over 200 characters as their digest', async () => {
    const store = new MemoryRateLimitStore();
    const keys: string[] = [];
    const recording: RateLimitStore = {
      hit: (key, cost, quota, now) => {
        keys.push(key);
        return store.hit(key, cost, quota, now);
      },
    };
    const app = limitedApp(
      rateLimit({
        limit: 1,
        window: 60_000,
        store: recording,
        key: (request) => String(request.headers['x-api-key']),
      }),
    );
    const withKey = (apiKey: string): Promise<Response> =>
      app.fetchWith(
        new Request('http://localhost/', { headers: { 'x-api-key': apiKey } }),
        from('192.0.2.1'),
      );
    expect([
      (await withKey('alpha')).status,
      (await withKey('alpha')).status,
      (await withKey('beta')).status,
    ]).toEqual([200, 429, 200]);
    const long = 'k'.repeat(5000);
    expect([(await withKey(long)).status, (await withKey(long)).status]).toEqual([200, 429]);
    expect(keys.slice(0, 3)).toEqual(['default:alpha', 'default:alpha', 'default:beta']);
    expect(keys[3]).toMatch(/^default:sha256:[0-9a-f]{64}$/);
  });

  it('digests a short key that starts with sha256: or holds a lone surrogate, so it never stands for another client', async () => {
    const keys: string[] = [];
    const store = new MemoryRateLimitStore();
    let next = '';
    const app = limitedApp(
      rateLimit({
        limit: 1,
        window: 60_000,
        store: {
          hit: (key, cost, quota, now) => {
            keys.push(key);
            return store.hit(key, cost, quota, now);
          },
        },
        key: () => next,
      }),
    );
    const long = 'k'.repeat(5000);
    for (const key of [long, `sha256:${'0'.repeat(64)}`, '\ud800', '\udbff', 'plain']) {
      next = key;
      await get(app);
    }
    const [digestOfLong, digestShaped, lowSurrogate, highSurrogate, plain] = keys;
    expect(digestShaped).toMatch(/^default:sha256:[0-9a-f]{64}$/);
    expect(digestShaped).not.toBe(`default:sha256:${'0'.repeat(64)}`);
    expect([lowSurrogate, highSurrogate]).toEqual([
      expect.stringMatching(/^default:sha256:[0-9a-f]{64}$/),
      expect.stringMatching(/^default:sha256:[0-9a-f]{64}$/),
    ]);
    expect(new Set([digestOfLong, digestShaped, lowSurrogate, highSurrogate]).size).toBe(4);
    expect(plain).toBe('default:plain');
  });

  it('answers 500 when the key function returns no string, and contains what it throws', async () => {
    const empty = limitedApp(rateLimit({ limit: 1, window: 60_000, key: () => '' }));
    const missing = limitedApp(rateLimit({ limit: 1, window: 60_000, key: (() => undefined) as never }));
    const throwing = limitedApp(
      rateLimit({
        limit: 1,
        window: 60_000,
        key: () => {
          throw new Error('secret detail');
        },
      }),
    );
    for (const app of [empty, missing, throwing]) {
      const answer = await get(app);
      expect([answer.status, await answer.text()]).toEqual([
        500,
        '{"type":"about:blank","title":"Internal Server Error","status":500}',
      ]);
    }
  });

  it('checks its options when made, naming the wrong one', () => {
    const made = (options: unknown) => () => rateLimit(options as RateLimitOptions);
    expect(made({ limit: 10 })).toThrow(
      'rateLimit: option `window` must be a whole number from 1000 to 31622400000, got undefined.',
    );
    expect(made({ limit: 0, window: 1000 })).toThrow(
      'rateLimit: option `limit` must be a whole number from 1 to 1000000, got number 0.',
    );
    expect(made({ limit: 10, window: 1000, limt: 3 })).toThrow(
      'rateLimit: option `limt` is not an option of rateLimit; did you mean `limit`.',
    );
    expect(made({ limit: 10, window: 1000, name: 'a"b' })).toThrow(
      `rateLimit: option \`name\` must be 1 to 64 letters, digits, '_', '-', '.' or ':', got "a\\"b".`,
    );
    expect(made({ limit: 10, window: 1000, onStoreError: 'open' })).toThrow(
      `rateLimit: option \`onStoreError\` must be 'fail-open' or 'fail-closed', got "open".`,
    );
    expect(made({ limit: 10, window: 1000, store: {} })).toThrow(
      'rateLimit: option `store` must be an object with a hit(key, cost, quota, now) method, got object [object Object].',
    );
    expect(made({ limit: 10, window: 1000, storeTimeout: 0 })).toThrow(
      'rateLimit: option `storeTimeout` must be a whole number from 1 to 60000, got number 0.',
    );
    expect(made({ limit: 10, window: 1000, logger: console.log })).toThrow(
      "rateLimit: option `logger` must have warn and error methods (pino's shape), got function",
    );
  });
});

describe('rateLimit when its store fails', () => {
  const failing: RateLimitStore = { hit: () => Promise.reject(new Error('ECONNREFUSED')) };
  const throwing: RateLimitStore = {
    hit: () => {
      throw new Error('sync failure');
    },
  };
  const silent: RateLimitStore = { hit: () => new Promise<RateLimitHit>(() => undefined) };
  const nonsense: RateLimitStore = {
    hit: () => Promise.resolve({ allowed: 'yes' } as unknown as RateLimitHit),
  };

  function quietLogger() {
    return { warn: jest.fn(), error: jest.fn() };
  }

  it.each([
    ['rejects', failing],
    ['throws', throwing],
    ['never answers', silent],
    ['answers nonsense', nonsense],
  ])('fail-closed (the default) answers 503 problem+json when the store %s', async (_label, store) => {
    const app = limitedApp(
      rateLimit({ limit: 5, window: 60_000, store, storeTimeout: 50, logger: quietLogger() }),
    );
    const answer = await get(app);
    expect([answer.status, answer.headers.get('content-type'), answer.headers.get('ratelimit')]).toEqual([
      503,
      'application/problem+json',
      null,
    ]);
    expect(await answer.json()).toMatchObject({
      status: 503,
      code: 'FRAMEWORK_ERR_RATE_LIMIT_STORE_UNAVAILABLE',
    });
  });

  it.each([
    ['rejects', failing],
    ['never answers', silent],
  ])(
    'fail-open lets the request through without rate-limit fields when the store %s',
    async (_label, store) => {
      const app = limitedApp(
        rateLimit({
          limit: 5,
          window: 60_000,
          store,
          storeTimeout: 50,
          onStoreError: 'fail-open',
          logger: quietLogger(),
        }),
      );
      const answer = await get(app);
      expect([answer.status, await answer.text(), answer.headers.get('ratelimit')]).toEqual([
        200,
        'ok',
        null,
      ]);
    },
  );

  it('logs an outage once when it starts and once when the store answers again', async () => {
    let down = true;
    const memory = new MemoryRateLimitStore();
    const flaky: RateLimitStore = {
      hit: (...args) => (down ? Promise.reject(new Error('connection lost')) : memory.hit(...args)),
    };
    const logger = quietLogger();
    const app = limitedApp(
      rateLimit({ name: 'api', limit: 5, window: 60_000, store: flaky, logger, onStoreError: 'fail-open' }),
    );
    for (let i = 0; i < 5; i++) await get(app);
    expect(logger.error.mock.calls).toEqual([
      [
        { policy: 'api', mode: 'fail-open', error: 'connection lost' },
        'rateLimit: the store failed; answering fail-open until it answers again',
      ],
    ]);
    down = false;
    await get(app);
    await get(app);
    expect(logger.warn.mock.calls).toEqual([
      [{ policy: 'api', mode: 'fail-open', failedHits: 5 }, 'rateLimit: the store answers again'],
    ]);
    down = true;
    await get(app);
    expect(logger.error).toHaveBeenCalledTimes(2);
  });

  it('passes the request to the rest of the pipeline unchanged when failing open', async () => {
    const seen: string[] = [];
    const app = new Application(new FindMyWayRouter(), { development: false });
    app.pipe(
      rateLimit({
        limit: 1,
        window: 60_000,
        store: failing,
        onStoreError: 'fail-open',
        logger: quietLogger(),
      }),
    );
    app.pipeRoutingMiddleware();
    app.pipeDispatchMiddleware();
    app.get('/who', (request: ServerRequest) => {
      seen.push(request.clientAddress ?? 'none');
      return new TextResponse('ok');
    });
    expect((await get(app, '/who')).status).toBe(200);
    expect(seen).toEqual(['203.0.113.7']);
  });
});
