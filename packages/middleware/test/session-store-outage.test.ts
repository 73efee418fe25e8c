import { describe, expect, it, jest } from '@jest/globals';
import { JsonResponse, type ServerRequest } from '@framework/application';
import { memoryStore, session, type SessionOptions, type SessionStore } from '../src';
import { appWith, call } from './support/app';

const SECRET = 'a-session-secret-of-at-least-32-characters';

type Failure = 'rejects' | 'throws' | 'never answers' | 'answers nonsense';
type Method = keyof SessionStore;

/** A memory store whose chosen methods fail the chosen way while `down` holds them. */
function flakyStore() {
  const memory = memoryStore();
  const down = new Map<Method, Failure>();
  // A method that throws (rather than rejects) fails the way a broken store would.
  const calls = (method: Method, run: () => Promise<unknown>): Promise<never> => {
    const failure = down.get(method);
    if (failure === undefined) return run() as Promise<never>;
    if (failure === 'throws') throw new Error('connection lost');
    if (failure === 'never answers') return new Promise<never>(() => undefined);
    if (failure === 'answers nonsense') return Promise.resolve({ data: 'not a session' } as never);
    return Promise.reject(new Error('connection lost'));
  };
  const store: SessionStore = {
    get: (id) => calls('get', () => memory.get(id)),
    set: (id, change, ttl) => calls('set', () => memory.set(id, change, ttl)),
    destroy: (id) => calls('destroy', () => memory.destroy(id)),
    rotate: (oldId, newId, stored, ttl) => calls('rotate', () => memory.rotate(oldId, newId, stored, ttl)),
  };
  return {
    store,
    fail(failure: Failure, ...methods: Method[]) {
      for (const method of methods) down.set(method, failure);
    },
    heal: () => down.clear(),
  };
}

function quietLogger() {
  return { warn: jest.fn(), error: jest.fn() };
}

/** `/me` reads, `/set?v=` writes, `/login` regenerates, `/logout` destroys. */
function sessionApp(options: Partial<SessionOptions>) {
  const sessions = session<{ v: string }>({ secret: SECRET, storeTimeout: 50, ...options });
  const app = appWith(sessions);
  const answer = (request: ServerRequest) => {
    const current = sessions.get(request);
    return new JsonResponse({ v: current.get('v') ?? null, isNew: current.isNew });
  };
  app.get('/me', answer);
  app.get('/set', (request) => {
    sessions.get(request).set('v', String(request.query.v));
    return answer(request);
  });
  app.get('/login', async (request) => {
    await sessions.get(request).regenerate({ userId: 'u-1' });
    return answer(request);
  });
  app.get('/logout', async (request) => {
    await sessions.get(request).destroy();
    return answer(request);
  });
  return app;
}

async function fetchWith(app: ReturnType<typeof sessionApp>, path: string, sid?: string) {
  const response = await call(app, path, sid === undefined ? {} : { headers: { cookie: `sid=${sid}` } });
  const cookie = response.headers.get('set-cookie');
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    body: (await response.json()) as Record<string, unknown>,
    sid: cookie === null ? undefined : (/^sid=([^;]*)/.exec(cookie)?.[1] ?? ''),
  };
}

const FAILURES: Failure[] = ['rejects', 'throws', 'never answers', 'answers nonsense'];

describe('session() when its store fails', () => {
  it.each(FAILURES)(
    'fail-closed (the default) answers 503 problem+json when the store %s, and a visitor without a session is not affected',
    async (failure) => {
      const flaky = flakyStore();
      const app = sessionApp({ store: flaky.store, logger: quietLogger() });
      const { sid } = await fetchWith(app, '/set?v=kept');
      flaky.fail(failure, 'get');
      const answer = await fetchWith(app, '/me', sid);
      expect([answer.status, answer.type, answer.body.code, answer.sid]).toEqual([
        503,
        'application/problem+json',
        'FRAMEWORK_ERR_SESSION_STORE_UNAVAILABLE',
        undefined,
      ]);
      expect((await fetchWith(app, '/me')).body).toEqual({ v: null, isNew: true });
      flaky.heal();
      expect((await fetchWith(app, '/me', sid)).body).toEqual({ v: 'kept', isNew: false });
    },
  );

  it('fail-closed answers 503 when the save at the end of the request fails, and sets no cookie', async () => {
    const flaky = flakyStore();
    const app = sessionApp({ store: flaky.store, logger: quietLogger() });
    flaky.fail('rejects', 'set');
    const answer = await fetchWith(app, '/set?v=lost');
    expect([answer.status, answer.body.code, answer.sid]).toEqual([
      503,
      'FRAMEWORK_ERR_SESSION_STORE_UNAVAILABLE',
      undefined,
    ]);
  });

  it.each(['rejects', 'never answers'] as const)(
    'fail-open goes on with an empty session, never saved, the cookie left alone, when the store %s',
    async (failure) => {
      const flaky = flakyStore();
      const app = sessionApp({ store: flaky.store, onStoreError: 'fail-open', logger: quietLogger() });
      const { sid } = await fetchWith(app, '/set?v=kept');
      flaky.fail(failure, 'get', 'set');
      expect(await fetchWith(app, '/set?v=lost', sid)).toEqual({
        status: 200,
        type: 'application/json',
        body: { v: 'lost', isNew: true },
        sid: undefined,
      });
      flaky.heal();
      expect((await fetchWith(app, '/me', sid)).body).toEqual({ v: 'kept', isNew: false });
    },
  );

  it.each(['fail-closed', 'fail-open'] as const)(
    'regenerate() and destroy() answer 503 in %s mode when the store cannot do them, and the old id stays as it was',
    async (onStoreError) => {
      const flaky = flakyStore();
      const app = sessionApp({ store: flaky.store, onStoreError, logger: quietLogger() });
      const { sid } = await fetchWith(app, '/set?v=kept');
      flaky.fail('rejects', 'rotate', 'destroy');
      for (const path of ['/login', '/logout']) {
        const answer = await fetchWith(app, path, sid);
        expect([path, answer.status, answer.type, answer.sid]).toEqual([
          path,
          503,
          'application/problem+json',
          undefined,
        ]);
      }
      flaky.heal();
      expect((await fetchWith(app, '/me', sid)).body).toEqual({ v: 'kept', isNew: false });
    },
  );

  it('logs an outage once when it starts and once when the store answers again', async () => {
    const flaky = flakyStore();
    const logger = quietLogger();
    const app = sessionApp({ store: flaky.store, logger });
    const { sid } = await fetchWith(app, '/set?v=kept');
    flaky.fail('rejects', 'get');
    for (let i = 0; i < 4; i++) await fetchWith(app, '/me', sid);
    expect(logger.error.mock.calls).toEqual([
      [
        { mode: 'fail-closed', error: 'connection lost' },
        'session: the store failed; answering fail-closed until it answers again',
      ],
    ]);
    flaky.heal();
    await fetchWith(app, '/me', sid);
    await fetchWith(app, '/me', sid);
    expect(logger.warn.mock.calls).toEqual([
      [{ mode: 'fail-closed', failedCalls: 4 }, 'session: the store answers again'],
    ]);
  });

  it('checks its outage options when it is made', () => {
    const made = (options: Partial<SessionOptions>) => () => session({ secret: SECRET, ...options });
    expect(made({ onStoreError: 'open' as never })).toThrow(
      "session: option `onStoreError` must be 'fail-open' or 'fail-closed', got \"open\".",
    );
    expect(made({ storeTimeout: 0 })).toThrow(
      'session: option `storeTimeout` must be a whole number from 1 to 60000, got number 0.',
    );
    expect(made({ logger: console.log as never })).toThrow(
      "session: option `logger` must have warn and error methods (pino's shape), got function",
    );
  });
});
