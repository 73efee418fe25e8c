import { afterEach, describe, expect, it } from '@jest/globals';
import { JsonResponse, ServerRequest } from '@framework/application';
import {
  getSession,
  memoryStore,
  MiddlewareError,
  session,
  type MemorySessionStore,
  type SessionOptions,
} from '../src';
import { appWith, listen, send, type Served } from './support/app';
import { CookieJar, setCookies } from './support/cookie-jar';

const SECRET = 'a-session-secret-of-at-least-32-characters';
const HOUR = 3600_000;

interface Data {
  name: string;
  a: string;
  b: string;
}

let clock = Date.UTC(2026, 0, 1);
let served: Served | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

/** Holds requests at `/slow` after they loaded their session, until opened. */
class Gate {
  private arrivals = 0;
  private readonly waiters: Array<() => void> = [];
  private release!: () => void;
  readonly opened = new Promise<void>((resolve) => (this.release = resolve));

  async pass(): Promise<void> {
    this.arrivals++;
    for (const waiter of this.waiters.splice(0)) waiter();
    await this.opened;
  }

  /** Resolves once `count` requests wait at the gate. */
  async reached(count: number): Promise<void> {
    while (this.arrivals < count) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  open(): void {
    this.release();
  }
}

/** An application with a session and routes that read, write, sign in and sign out; `gate` holds `/slow`. */
async function serve(options: Partial<SessionOptions> = {}, gate = new Gate()): Promise<Served> {
  const sessions = session<Data>({ secret: SECRET, now: () => clock, ...options });
  const app = appWith(sessions);
  const answer = (request: ServerRequest) => {
    const current = sessions.get(request);
    return new JsonResponse({ data: current.toJSON(), isNew: current.isNew, userId: current.userId ?? null });
  };
  app.get('/read', answer);
  app.post('/set/{key}/{value}', (request) => {
    sessions.get(request).set(request.params.key as keyof Data, request.params.value as string);
    return answer(request);
  });
  app.post('/slow/{key}/{value}', async (request) => {
    await gate.pass();
    sessions.get(request).set(request.params.key as keyof Data, request.params.value as string);
    return answer(request);
  });
  app.post('/login/{user}', async (request) => {
    await sessions.get(request).regenerate({ userId: request.params.user as string });
    return answer(request);
  });
  app.post('/logout', async (request) => {
    await getSession(request).destroy();
    return answer(request);
  });
  served = await listen(app);
  return served;
}

async function visit(jar: CookieJar, path: string, method = 'GET', headers: Record<string, string> = {}) {
  const answer = await send((served as Served).origin, path, {
    method,
    headers: { ...jar.header(), ...headers },
  });
  jar.take(answer.headers);
  return {
    ...answer,
    json: JSON.parse(answer.body.toString()) as {
      data: Partial<Data>;
      isNew: boolean;
      userId: string | null;
    },
  };
}

describe('store-backed sessions over a socket', () => {
  it('creates a session on first write, reads it back and updates it', async () => {
    await serve();
    const jar = new CookieJar();
    const first = await visit(jar, '/set/name/ada', 'POST');
    const [cookie] = setCookies(first.headers);
    expect(cookie?.name).toBe('sid');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(cookie?.attributes).toMatchObject({
      path: '/',
      httponly: true,
      samesite: 'Lax',
      'max-age': '7200',
    });
    expect(cookie?.attributes.secure).toBeUndefined();
    expect((await visit(jar, '/read')).json).toEqual({ data: { name: 'ada' }, isNew: false, userId: null });
    await visit(jar, '/set/name/grace', 'POST');
    expect((await visit(jar, '/read')).json.data).toEqual({ name: 'grace' });
  });

  it('sets no cookie and stores nothing for a visitor whose session stays empty', async () => {
    const store = memoryStore({ now: () => clock });
    await serve({ store });
    const answer = await visit(new CookieJar(), '/read');
    expect(answer.json).toEqual({ data: {}, isNew: true, userId: null });
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(store.size).toBe(0);
  });

  it('renews the idle expiry on every request (rolling) and ends a session left idle too long', async () => {
    await serve();
    const jar = new CookieJar();
    await visit(jar, '/set/name/ada', 'POST');
    for (let i = 0; i < 3; i++) {
      clock += 1.5 * HOUR;
      const answer = await visit(jar, '/read');
      expect(answer.json.data).toEqual({ name: 'ada' });
      expect(setCookies(answer.headers)[0]?.attributes['max-age']).toBe('7200');
    }
    const kept = jar.get('sid') as string;
    clock += 2 * HOUR;
    const idle = await visit(jar, '/read');
    expect(idle.status).toBe(200);
    expect(idle.json).toEqual({ data: {}, isNew: true, userId: null });
    expect(setCookies(idle.headers)[0]).toMatchObject({
      name: 'sid',
      value: '',
      attributes: { 'max-age': '0' },
    });
    clock -= 2 * HOUR;
    const replayed = await visit(new CookieJar(), '/read', 'GET', { cookie: `sid=${kept}` });
    expect(replayed.json.isNew).toBe(true);
  });

  it('with rolling: false, renews the expiry only when the session changes', async () => {
    await serve({ rolling: false });
    const jar = new CookieJar();
    await visit(jar, '/set/name/ada', 'POST');
    clock += HOUR;
    expect((await visit(jar, '/read')).headers['set-cookie']).toBeUndefined();
    clock += 1.5 * HOUR;
    expect((await visit(jar, '/read')).json.isNew).toBe(true);
  });

  it('ends a session at the absolute timeout however busy it is, with the cookie Max-Age cut to match', async () => {
    await serve({ idleTimeout: 3600, absoluteTimeout: 4 * 3600 });
    const jar = new CookieJar();
    await visit(jar, '/set/name/ada', 'POST');
    for (let i = 0; i < 6; i++) {
      clock += 0.5 * HOUR;
      await visit(jar, '/read');
    }
    clock += 0.5 * HOUR;
    const late = await visit(jar, '/read');
    expect(late.json.data).toEqual({ name: 'ada' });
    expect(setCookies(late.headers)[0]?.attributes['max-age']).toBe('1800');
    clock += 0.5 * HOUR;
    expect((await visit(jar, '/read')).json).toEqual({ data: {}, isNew: true, userId: null });
  });

  it('regenerate() at sign-in gives a new id and destroys the old one: replaying the old cookie gets no session', async () => {
    await serve();
    const jar = new CookieJar();
    await visit(jar, '/set/name/ada', 'POST');
    const before = jar.get('sid') as string;
    const login = await visit(jar, '/login/u-7', 'POST');
    const after = jar.get('sid') as string;
    expect(after).not.toBe(before);
    expect(login.json).toEqual({ data: { name: 'ada' }, isNew: false, userId: 'u-7' });
    expect((await visit(jar, '/read')).json).toEqual({ data: { name: 'ada' }, isNew: false, userId: 'u-7' });
    const replay = await visit(new CookieJar(), '/read', 'GET', { cookie: `sid=${before}` });
    expect(replay.json).toEqual({ data: {}, isNew: true, userId: null });
  });

  it('regenerate() on a first visit signs in with a fresh session', async () => {
    await serve();
    const jar = new CookieJar();
    const login = await visit(jar, '/login/u-8', 'POST');
    expect(login.json.userId).toBe('u-8');
    expect((await visit(jar, '/read')).json).toEqual({ data: {}, isNew: false, userId: 'u-8' });
  });

  it('destroy() drops the cookie, and replaying the cookie afterwards gets nothing', async () => {
    await serve();
    const jar = new CookieJar();
    await visit(jar, '/login/u-7', 'POST');
    await visit(jar, '/set/name/ada', 'POST');
    const kept = jar.get('sid') as string;
    const logout = await visit(jar, '/logout', 'POST');
    expect(setCookies(logout.headers)[0]).toMatchObject({
      name: 'sid',
      value: '',
      attributes: { 'max-age': '0' },
    });
    expect(jar.get('sid')).toBeUndefined();
    const replay = await visit(new CookieJar(), '/read', 'GET', { cookie: `sid=${kept}` });
    expect(replay.json).toEqual({ data: {}, isNew: true, userId: null });
  });

  it('answers an unknown, forged or malformed session cookie with a fresh session and no error', async () => {
    const store = memoryStore({ now: () => clock });
    await serve({ store });
    for (const value of ['A'.repeat(32), 'short', '%00%ff', 'x'.repeat(4000), '../../etc/passwd']) {
      const answer = await visit(new CookieJar(), '/read', 'GET', { cookie: `sid=${value}` });
      expect([answer.status, answer.json]).toEqual([200, { data: {}, isNew: true, userId: null }]);
    }
    expect(store.size).toBe(0);
  });

  it('keeps both keys when two requests of one session save at the same time', async () => {
    const gate = new Gate();
    await serve({}, gate);
    const jar = new CookieJar();
    await visit(jar, '/set/name/ada', 'POST');
    const a = visit(jar, '/slow/a/first', 'POST');
    const b = visit(jar, '/slow/b/second', 'POST');
    await gate.reached(2); // both requests loaded the session before either saves
    gate.open();
    await Promise.all([a, b]);
    expect((await visit(jar, '/read')).json.data).toEqual({ name: 'ada', a: 'first', b: 'second' });
  });

  it('never brings a destroyed session back when a slower request of it saves afterwards', async () => {
    const gate = new Gate();
    await serve({}, gate);
    const jar = new CookieJar();
    await visit(jar, '/set/name/ada', 'POST');
    const kept = jar.get('sid') as string;
    const slow = visit(new CookieJar(), '/slow/a/late', 'POST', { cookie: `sid=${kept}` });
    await gate.reached(1);
    await visit(jar, '/logout', 'POST');
    gate.open();
    await slow;
    const replay = await visit(new CookieJar(), '/read', 'GET', { cookie: `sid=${kept}` });
    expect(replay.json).toEqual({ data: {}, isNew: true, userId: null });
  });

  it('names the cookie __Host-sid with Secure on HTTPS (as a proxy reports it) and ignores a plain sid there', async () => {
    await serve();
    const https = { 'x-forwarded-proto': 'https' };
    const jar = new CookieJar();
    const answer = await visit(jar, '/set/name/ada', 'POST', https);
    const [cookie] = setCookies(answer.headers);
    expect(cookie?.name).toBe('__Host-sid');
    expect(cookie?.attributes).toMatchObject({ secure: true, path: '/', httponly: true });
    expect(cookie?.attributes.domain).toBeUndefined();
    expect((await visit(jar, '/read', 'GET', https)).json.data).toEqual({ name: 'ada' });
    // A cookie planted over plain HTTP never reaches a secure request's session.
    const planted = await visit(new CookieJar(), '/read', 'GET', {
      ...https,
      cookie: `sid=${jar.get('__Host-sid')}`,
    });
    expect(planted.json.isNew).toBe(true);
  });

  it('with secure: true, always writes a __Host- cookie with Secure', async () => {
    await serve({ secure: true, sameSite: 'strict' });
    const answer = await visit(new CookieJar(), '/set/name/ada', 'POST');
    expect(setCookies(answer.headers)[0]).toMatchObject({
      name: '__Host-sid',
      attributes: { secure: true, samesite: 'Strict' },
    });
  });
});

describe('the memory store', () => {
  it('holds at most maxSessions, dropping the least recently used, however many ids clients bring', async () => {
    const store: MemorySessionStore = memoryStore({ maxSessions: 10, now: () => clock });
    await serve({ store });
    const jars: CookieJar[] = [];
    for (let i = 0; i < 30; i++) {
      const jar = new CookieJar();
      await visit(jar, `/set/name/user-${i}`, 'POST');
      jars.push(jar);
    }
    expect(store.size).toBe(10);
    expect((await visit(jars[29] as CookieJar, '/read')).json.data).toEqual({ name: 'user-29' });
    expect((await visit(jars[0] as CookieJar, '/read')).json.isNew).toBe(true);
    for (let i = 0; i < 50; i++) {
      const forged = Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString('base64url');
      await visit(new CookieJar(), '/read', 'GET', { cookie: `sid=${forged}` });
    }
    expect(store.size).toBe(10);
  }, 30_000);

  it('rotates in one step and does not revive a session that is gone', async () => {
    const store = memoryStore({ now: () => clock });
    const session = { data: { k: 1 }, createdAt: clock, touchedAt: clock };
    await store.rotate('old', 'new', session, HOUR);
    await store.set('gone', { set: { k: 2 }, unset: [], touchedAt: clock }, HOUR);
    expect([await store.get('old'), await store.get('gone'), (await store.get('new'))?.data]).toEqual([
      undefined,
      undefined,
      { k: 1 },
    ]);
    clock += HOUR;
    expect(await store.get('new')).toBeUndefined();
  });
});

describe('session() options and accessors', () => {
  it('refuses unusable options by name', () => {
    expect(() => session({ secret: SECRET, idleTimout: 60 } as never)).toThrow(
      'session: option `idleTimout` is not an option of session; did you mean `idleTimeout`. Its options are: secret, store,',
    );
    expect(() => session({ secret: 'short' })).toThrow(
      expect.objectContaining({ code: 'FRAMEWORK_ERR_COOKIE_WEAK_SECRET' }) as never,
    );
    expect(() => session({ secret: SECRET, sameSite: 'none' })).toThrow(
      "session: option `sameSite` 'none' needs secure: true; browsers drop the cookie without it.",
    );
    expect(() => session({ secret: SECRET, name: '__Host-id' })).toThrow(
      'session: option `name` __Host-id needs secure: true; browsers drop the cookie without it.',
    );
    expect(() => session({ secret: SECRET, store: {} as never })).toThrow(
      "session: option `store` must be 'cookie' or a SessionStore (get, set, destroy, rotate).",
    );
    expect(() => session({ secret: SECRET, secure: true, name: '__Host-id', domain: 'example.com' })).toThrow(
      'setCookie("__Host-id"): a __Host- cookie may not have a domain.',
    );
    expect(() => memoryStore({ maxSessions: 0 })).toThrow(
      'memoryStore: option `maxSessions` must be a whole number from 1.',
    );
  });

  it('getSession(request) without session() throws FRAMEWORK_ERR_SESSION_NOT_RUN', () => {
    const request = ServerRequest.fromRequest(new Request('http://localhost/'));
    expect(() => getSession(request)).toThrow(MiddlewareError);
    expect(() => getSession(request)).toThrow(
      'getSession(request) needs the session() middleware piped before this handler.',
    );
  });
});
