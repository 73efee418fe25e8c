import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Application, JsonResponse, ServerRequest, TextResponse } from '@framework/application';
import {
  cookies,
  deleteCookie,
  MAX_COOKIE_VALUE_LENGTH,
  MAX_REQUEST_COOKIES,
  MiddlewareError,
  setCookie,
  signCookieValue,
  unsignCookieValue,
} from '../src';
import { appFromConfig, appWith, call, listen, send, type Served } from './support/app';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const OLD_SECRET = 'an-older-secret-still-accepted-for-a-while';

function cookieApp(): Application {
  const app = appWith(cookies({ secret: [SECRET, OLD_SECRET] }));
  app.get(
    '/echo',
    (request) => new JsonResponse({ cookies: { ...request.cookies }, signed: { ...request.signedCookies } }),
  );
  app.get(
    '/proto',
    (request) =>
      new JsonResponse({
        prototype: Object.getPrototypeOf(request.cookies),
        own: Object.prototype.hasOwnProperty.call(request.cookies, '__proto__'),
        value: request.cookies['__proto__'],
      }),
  );
  app.post('/login', () =>
    setCookie(new TextResponse('welcome'), 'session', 'user-7', {
      secret: SECRET,
      secure: true,
      maxAge: 3600,
      sameSite: 'strict',
      partitioned: true,
      domain: 'example.com',
      path: '/app',
      priority: 'high',
    }),
  );
  app.post('/logout', () => deleteCookie(setCookie(new TextResponse('bye'), 'theme', 'dark'), 'session'));
  return app;
}

describe('cookies over a socket', () => {
  let served: Served;
  beforeAll(async () => (served = await listen(cookieApp())));
  afterAll(() => served.close());

  it('parses request.cookies, decoding values; the first cookie of a name wins', async () => {
    const answer = await send(served.origin, '/echo', {
      headers: { cookie: 'a=1; b=hello%20world; a=2; c="quoted"' },
    });
    expect(JSON.parse(answer.body.toString()).cookies).toEqual({ a: '1', b: 'hello world', c: '"quoted"' });
  });

  it('keeps request.cookies a null-prototype object, so __proto__ is a plain key', async () => {
    const answer = await send(served.origin, '/proto', { headers: { cookie: '__proto__=polluted; x=1' } });
    expect(JSON.parse(answer.body.toString())).toEqual({ prototype: null, own: true, value: 'polluted' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('survives malformed cookie headers: bad escapes kept as sent, pairs without = skipped', async () => {
    const answer = await send(served.origin, '/echo', {
      headers: { cookie: 'bad=%E0%A4%A; novalue; =empty; ;;; ok=1' },
    });
    expect(answer.status).toBe(200);
    const parsed = JSON.parse(answer.body.toString()).cookies;
    expect(parsed.bad).toBe('%E0%A4%A');
    expect(parsed.ok).toBe('1');
    expect(parsed.novalue).toBeUndefined();
  });

  it('ignores oversized values and cookies past the count limit', async () => {
    const many = Array.from({ length: MAX_REQUEST_COOKIES + 50 }, (_, i) => `c${i}=${i}`).join('; ');
    const answer = await send(served.origin, '/echo', {
      headers: { cookie: `big=${'x'.repeat(MAX_COOKIE_VALUE_LENGTH + 1)}; ${many}` },
    });
    expect(answer.status).toBe(200);
    const parsed = JSON.parse(answer.body.toString()).cookies;
    expect(parsed.big).toBeUndefined();
    expect(Object.keys(parsed)).toHaveLength(MAX_REQUEST_COOKIES);
  });

  it('answers 431 to a cookie header larger than the server takes', async () => {
    const answer = await send(served.origin, '/echo', {
      headers: { cookie: `huge=${'x'.repeat(20_000)}` },
    });
    expect(answer.status).toBe(431);
  });

  it('sets a signed cookie with every attribute', async () => {
    const answer = await send(served.origin, '/login', { method: 'POST' });
    expect(answer.headers['set-cookie']).toEqual([
      `session=${encodeURIComponent(signCookieValue('user-7', SECRET))}; Max-Age=3600; Domain=example.com; Path=/app; ` +
        'HttpOnly; Secure; Partitioned; Priority=High; SameSite=Strict',
    ]);
  });

  it('sets several cookies on one response and deletes one', async () => {
    const answer = await send(served.origin, '/logout', { method: 'POST' });
    expect(answer.headers['set-cookie']).toEqual([
      'theme=dark; Path=/; HttpOnly; SameSite=Lax',
      'session=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax',
    ]);
  });

  it('verifies signed cookies with any of the secrets and drops forged or unsigned ones', async () => {
    const current = signCookieValue('alice', SECRET);
    const older = signCookieValue('bob', OLD_SECRET);
    const forged = `${'admin'}.${signCookieValue('alice', SECRET).split('.')[1]}`;
    const answer = await send(served.origin, '/echo', {
      headers: {
        cookie: `s1=${current}; s2=${older}; s3=${forged}; s4=plain; s5=${signCookieValue('eve', 'x'.repeat(40))}`,
      },
    });
    expect(JSON.parse(answer.body.toString()).signed).toEqual({ s1: 'alice', s2: 'bob' });
  });
});

describe('cookie helpers', () => {
  it('signs with HMAC-SHA256 and unsigns only an exact signature', () => {
    const signed = signCookieValue('value.with.dots', SECRET);
    expect(signed).toMatch(/^value\.with\.dots\.[A-Za-z0-9_-]{43}$/);
    expect(unsignCookieValue(signed, SECRET)).toBe('value.with.dots');
    expect(unsignCookieValue(signed, [OLD_SECRET, SECRET])).toBe('value.with.dots');
    expect(unsignCookieValue(`${signed}x`, SECRET)).toBe(false);
    expect(unsignCookieValue(signed.slice(0, -1), SECRET)).toBe(false);
    expect(unsignCookieValue('no-signature', SECRET)).toBe(false);
    expect(unsignCookieValue(signed, OLD_SECRET)).toBe(false);
  });

  it('refuses invalid cookie names, values and attributes, and cookies too large for browsers', () => {
    const response = new TextResponse('x');
    expect(() => setCookie(response, 'bad name', 'v')).toThrow(MiddlewareError);
    expect(() => setCookie(response, 'bad name', 'v')).toThrow(
      'setCookie("bad name"): argument name is invalid',
    );
    expect(() => setCookie(response, 'ok', 'v', { domain: 'a;b' })).toThrow('setCookie("ok")');
    expect(() => setCookie(response, 'big', 'x'.repeat(5000))).toThrow(
      /setCookie\("big"\): the cookie is \d+ bytes; browsers drop cookies over 4096\./,
    );
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('sets a cookie on a WHATWG Response, copying one whose headers are immutable', async () => {
    const plain = setCookie(new Response('x'), 'a', '1');
    expect(plain.headers.getSetCookie()).toEqual(['a=1; Path=/; HttpOnly; SameSite=Lax']);
    const fetched = new Response('y');
    Object.defineProperty(fetched, 'headers', { value: Response.error().headers });
    const copy = setCookie(fetched, 'b', '2', { httpOnly: false, sameSite: false, path: false });
    expect(copy).not.toBe(fetched);
    expect(copy.headers.getSetCookie()).toEqual(['b=2']);
  });

  it('refuses a missing or short secret, naming the option', () => {
    expect(() => cookies({ secret: 'short' })).toThrow(
      'cookies: option `secret` must be strings of at least 32 characters.',
    );
    expect(() => cookies({ secret: [] })).toThrow(
      'cookies: option `secret` is missing; give at least one secret.',
    );
  });
});

describe('cookies through app.fetch and config', () => {
  it('parses request.cookies lazily, once per message, without any middleware', async () => {
    const seen: object[] = [];
    const app = appWith();
    app.get('/', [
      (request, handler) => {
        seen.push(request.cookies);
        return handler.handle(request.withAttribute('x', 1));
      },
      (request) => {
        seen.push(request.cookies);
        return new TextResponse(request.cookies.name ?? 'none');
      },
    ]);
    const response = await call(app, '/', { headers: { cookie: 'name=ada' } });
    expect(await response.text()).toBe('ada');
    expect(seen[0]).toBe(seen[1]);
    const request = ServerRequest.fromRequest(new Request('http://localhost/'));
    expect(request.cookies).toEqual({});
  });

  it('explains that request.signedCookies needs cookies({ secret })', async () => {
    const app = appWith();
    let message = '';
    app.get('/', (request) => {
      try {
        return new TextResponse(String(request.signedCookies.a));
      } catch (error) {
        message = (error as Error).message;
        throw error;
      }
    });
    expect((await call(app, '/')).status).toBe(500);
    expect(message).toBe(
      'request.signedCookies needs the cookies({ secret }) middleware piped before this handler.',
    );
  });

  it('works from routes and middleware_pipeline config, as a factory call and as a container service', async () => {
    const signed = signCookieValue('v', SECRET);
    for (const middleware of [cookies({ secret: SECRET }), 'Cookies']) {
      const app = appFromConfig(middleware, {
        routes: [
          {
            path: '/',
            middleware: (request: ServerRequest) => new TextResponse(request.signedCookies.s ?? '-'),
          },
        ],
        services: { Cookies: () => cookies({ secret: SECRET }) },
      });
      expect(await (await call(app, '/', { headers: { cookie: `s=${signed}` } })).text()).toBe('v');
    }
    const routed = appWith();
    routed.get('/', [
      cookies({ secret: SECRET }),
      (request) => new TextResponse(request.signedCookies.s ?? '-'),
    ]);
    expect(await (await call(routed, '/', { headers: { cookie: `s=${signed}` } })).text()).toBe('v');
  });
});
