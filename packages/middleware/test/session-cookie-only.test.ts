import { afterEach, describe, expect, it } from '@jest/globals';
import { Application, JsonResponse, type ServerRequest } from '@framework/application';
import { FindMyWayRouter } from '@framework/router-fmw';
import { MAX_SET_COOKIE_LENGTH, session, type SessionOptions } from '../src';
import { listen, send, type Served } from './support/app';
import { CookieJar, setCookies } from './support/cookie-jar';

const SECRET = 'a-session-secret-of-at-least-32-characters';
const NEW_SECRET = 'the-next-session-secret-rotated-in-today';
const OTHER_SECRET = 'another-application-secret-never-shared-x';
const HOUR = 3600_000;

let clock = Date.UTC(2026, 0, 1);
const generations = new Map<string, number>();
let errors: unknown[] = [];
const running: Served[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((served) => served.close()));
  errors = [];
});

/** A cookie-only session application; `/logout-everywhere` bumps the user's generation. */
async function serve(options: Partial<SessionOptions> = {}): Promise<Served> {
  const sessions = session<{ name: string; blob: string }>({
    secret: SECRET,
    store: 'cookie',
    now: () => clock,
    generation: (userId) => generations.get(userId) ?? 0,
    ...options,
  });
  const app = new Application(new FindMyWayRouter(), {
    development: false,
    onError: (error) => errors.push(error),
  });
  app.pipe(sessions);
  app.pipeRoutingMiddleware();
  app.pipeDispatchMiddleware();
  const answer = (request: ServerRequest) => {
    const current = sessions.get(request);
    return new JsonResponse({ data: current.toJSON(), userId: current.userId ?? null });
  };
  app.get('/read', answer);
  app.post('/name/{name}', (request) => {
    sessions.get(request).set('name', request.params.name as string);
    return answer(request);
  });
  app.post('/blob/{size}', (request) => {
    sessions.get(request).set('blob', 'x'.repeat(Number(request.params.size)));
    return answer(request);
  });
  app.post('/login/{user}', async (request) => {
    await sessions.get(request).regenerate({ userId: request.params.user as string });
    return answer(request);
  });
  app.post('/logout-everywhere', async (request) => {
    const current = sessions.get(request);
    const user = current.userId as string;
    generations.set(user, (generations.get(user) ?? 0) + 1);
    await current.destroy();
    return answer(request);
  });
  const served = await listen(app);
  running.push(served);
  return served;
}

async function visit(served: Served, jar: CookieJar, path: string, method = 'GET') {
  const answer = await send(served.origin, path, { method, headers: jar.header() });
  jar.take(answer.headers);
  return {
    ...answer,
    json: JSON.parse(answer.body.toString()) as { data: Record<string, string>; userId: string | null },
  };
}

function fresh(cookie: string): CookieJar {
  const jar = new CookieJar();
  jar.set('sid', cookie);
  return jar;
}

describe('cookie-only sessions over a socket', () => {
  it('keeps the whole session in the cookie, encrypted: the data cannot be read from it', async () => {
    const served = await serve();
    const jar = new CookieJar();
    await visit(served, jar, '/name/ada-lovelace', 'POST');
    const cookie = jar.get('sid') as string;
    expect(cookie).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(cookie, 'base64url').toString('latin1')).not.toContain('ada');
    expect((await visit(served, jar, '/read')).json.data).toEqual({ name: 'ada-lovelace' });
    await visit(served, jar, '/name/grace', 'POST');
    expect((await visit(served, jar, '/read')).json.data).toEqual({ name: 'grace' });
  });

  it('answers a tampered cookie (a flipped byte, cut short, sealed under another secret) with a fresh empty session and drops it', async () => {
    const served = await serve();
    const other = await serve({ secret: OTHER_SECRET });
    const jar = new CookieJar();
    await visit(served, jar, '/name/ada', 'POST');
    const cookie = jar.get('sid') as string;
    const bytes = Buffer.from(cookie, 'base64url');
    const flipped = Buffer.from(bytes);
    flipped[20] = (flipped[20] as number) ^ 0x01;
    const foreignJar = new CookieJar();
    await visit(other, foreignJar, '/name/mallory', 'POST');
    const forged = [
      flipped.toString('base64url'),
      cookie.slice(0, -6),
      cookie.slice(0, 20),
      foreignJar.get('sid') as string,
      '',
      '!!!not-base64!!!',
    ];
    for (const value of forged) {
      const answer = await visit(served, fresh(value), '/read');
      expect([answer.status, answer.json]).toEqual([200, { data: {}, userId: null }]);
    }
    const dropped = await visit(served, fresh(cookie.slice(0, -6)), '/read');
    expect(setCookies(dropped.headers)[0]).toMatchObject({
      name: 'sid',
      value: '',
      attributes: { 'max-age': '0' },
    });
    expect(errors).toEqual([]);
  });

  it('rotates keys: cookies sealed with the old secret still open, new cookies are sealed with the new one', async () => {
    const before = await serve();
    const after = await serve({ secret: [NEW_SECRET, SECRET] });
    const newOnly = await serve({ secret: NEW_SECRET });
    const jar = new CookieJar();
    await visit(before, jar, '/name/ada', 'POST');
    const oldCookie = jar.get('sid') as string;
    expect((await visit(after, fresh(oldCookie), '/read')).json.data).toEqual({ name: 'ada' });
    expect((await visit(newOnly, fresh(oldCookie), '/read')).json.data).toEqual({});
    const renewed = new CookieJar();
    await visit(after, renewed, '/name/grace', 'POST');
    const newCookie = renewed.get('sid') as string;
    expect((await visit(newOnly, fresh(newCookie), '/read')).json.data).toEqual({ name: 'grace' });
    expect((await visit(before, fresh(newCookie), '/read')).json.data).toEqual({});
  });

  it('refuses to write a session whose cookie would pass 4096 bytes, with FRAMEWORK_ERR_SESSION_TOO_LARGE', async () => {
    const served = await serve();
    const fits = await visit(served, new CookieJar(), '/blob/2500', 'POST');
    expect(fits.status).toBe(200);
    expect((fits.headers['set-cookie']?.[0] as string).length).toBeLessThanOrEqual(MAX_SET_COOKIE_LENGTH);
    const tooLarge = await send(served.origin, '/blob/3200', { method: 'POST' });
    expect(tooLarge.status).toBe(500);
    expect(tooLarge.headers['set-cookie']).toBeUndefined();
    expect(errors).toEqual([
      expect.objectContaining({
        code: 'FRAMEWORK_ERR_SESSION_TOO_LARGE',
        message: expect.stringMatching(
          /^session: the session cookie would be \d+ bytes, and browsers drop cookies over 4096; keep less in a cookie-only session \(\d+ bytes of sealed value fit\) or give session\(\) a store\.$/,
        ),
      }),
    ]);
  });

  it('ends a session after its idle timeout and after its absolute timeout', async () => {
    const served = await serve({ idleTimeout: 3600, absoluteTimeout: 3 * 3600 });
    const idle = new CookieJar();
    await visit(served, idle, '/name/ada', 'POST');
    clock += HOUR;
    expect((await visit(served, idle, '/read')).json.data).toEqual({});
    const busy = new CookieJar();
    await visit(served, busy, '/name/grace', 'POST');
    for (let i = 0; i < 5; i++) {
      clock += 0.5 * HOUR;
      expect((await visit(served, busy, '/read')).json.data).toEqual({ name: 'grace' });
    }
    clock += 0.5 * HOUR;
    expect((await visit(served, busy, '/read')).json.data).toEqual({});
  });

  it('revokes by generation: after destroy() and a new generation, replaying the old cookie gets nothing', async () => {
    const served = await serve();
    const jar = new CookieJar();
    await visit(served, jar, '/login/u-9', 'POST');
    await visit(served, jar, '/name/ada', 'POST');
    const signedIn = jar.get('sid') as string;
    const otherDevice = new CookieJar();
    await visit(served, otherDevice, '/login/u-9', 'POST');
    expect((await visit(served, fresh(signedIn), '/read')).json).toEqual({
      data: { name: 'ada' },
      userId: 'u-9',
    });
    const logout = await visit(served, jar, '/logout-everywhere', 'POST');
    expect(setCookies(logout.headers)[0]).toMatchObject({
      name: 'sid',
      value: '',
      attributes: { 'max-age': '0' },
    });
    expect((await visit(served, fresh(signedIn), '/read')).json).toEqual({ data: {}, userId: null });
    expect((await visit(served, otherDevice, '/read')).json).toEqual({ data: {}, userId: null });
  });

  it('regenerate() at sign-in leaves the cookie from before it without the sign-in', async () => {
    const served = await serve();
    const jar = new CookieJar();
    await visit(served, jar, '/name/ada', 'POST');
    const before = jar.get('sid') as string;
    await visit(served, jar, '/login/u-1', 'POST');
    expect(jar.get('sid')).not.toBe(before);
    expect((await visit(served, jar, '/read')).json).toEqual({ data: { name: 'ada' }, userId: 'u-1' });
    expect((await visit(served, fresh(before), '/read')).json.userId).toBeNull();
  });
});
