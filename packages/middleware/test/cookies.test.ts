import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { type Application, JsonResponse, ServerRequest, TextResponse } from '@framework/application';
import {
  cookies,
  deleteCookie,
  MAX_COOKIE_VALUE_LENGTH,
  MAX_REQUEST_COOKIES,
  MiddlewareError,
  setCookie,
  type SetCookieOptions,
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

  it('never lets a later cookie of a name stand in for an oversized first one', async () => {
    const session = signCookieValue('session', 'alice', SECRET);
    const tossed = signCookieValue('session', 'mallory', SECRET);
    const answer = await send(served.origin, '/echo', {
      headers: {
        cookie: `session=${'x'.repeat(MAX_COOKIE_VALUE_LENGTH + 1)}; session=${tossed}; other=${session}`,
      },
    });
    expect(answer.status).toBe(200);
    const parsed = JSON.parse(answer.body.toString());
    expect(parsed.cookies).toEqual({ other: session });
    expect(parsed.signed).toEqual({});
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
      `session=${encodeURIComponent(signCookieValue('session', 'user-7', SECRET))}; Max-Age=3600; Domain=example.com; Path=/app; ` +
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
    const current = signCookieValue('s1', 'alice', SECRET);
    const older = signCookieValue('s2', 'bob', OLD_SECRET);
    const forged = `${'admin'}.${signCookieValue('s3', 'alice', SECRET).split('.')[1]}`;
    const otherSecret = signCookieValue('s5', 'eve', 'another-secret-nobody-configured-here');
    const answer = await send(served.origin, '/echo', {
      headers: { cookie: `s1=${current}; s2=${older}; s3=${forged}; s4=plain; s5=${otherSecret}` },
    });
    expect(JSON.parse(answer.body.toString()).signed).toEqual({ s1: 'alice', s2: 'bob' });
  });

  it('binds a signature to the cookie name: a value signed for theme does not verify as uid', async () => {
    const theme = signCookieValue('theme', 'admin', SECRET);
    const answer = await send(served.origin, '/echo', {
      headers: { cookie: `theme=${theme}; uid=${theme}` },
    });
    expect(JSON.parse(answer.body.toString()).signed).toEqual({ theme: 'admin' });
    expect(unsignCookieValue('uid', theme, SECRET)).toBe(false);
    expect(unsignCookieValue('theme', theme, SECRET)).toBe('admin');
  });
});

describe('cookie helpers', () => {
  it('signs with HMAC-SHA256 and unsigns only an exact signature', () => {
    const signed = signCookieValue('c', 'value.with.dots', SECRET);
    expect(signed).toMatch(/^value\.with\.dots\.[A-Za-z0-9_-]{43}$/);
    expect(signed.slice(signed.lastIndexOf('.') + 1)).toBe(
      createHmac('sha256', SECRET).update('c=value.with.dots').digest('base64url'),
    );
    expect(unsignCookieValue('c', signed, SECRET)).toBe('value.with.dots');
    expect(unsignCookieValue('c', signed, [OLD_SECRET, SECRET])).toBe('value.with.dots');
    expect(unsignCookieValue('c', `${signed}x`, SECRET)).toBe(false);
    expect(unsignCookieValue('c', signed.slice(0, -1), SECRET)).toBe(false);
    expect(unsignCookieValue('c', 'no-signature', SECRET)).toBe(false);
    expect(unsignCookieValue('c', signed, OLD_SECRET)).toBe(false);
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

  it('refuses names and attributes that would split the header or add an attribute, and encodes such a value', () => {
    const response = new TextResponse('x');
    for (const name of ['a;b', 'a=b', 'a\u0000', 'a\r\nSet-Cookie: b', 'a b', '']) {
      expect(() => setCookie(response, name, 'v')).toThrow(`setCookie(${JSON.stringify(name)})`);
    }
    const injected: SetCookieOptions[] = [
      { domain: 'example.com; Secure' },
      { path: '/; Domain=evil.example' },
      { path: '/\r\nX: y' },
      { sameSite: 'lax; Domain=evil.example' as 'lax' },
      { priority: 'high; HttpOnly' as 'high' },
      { maxAge: Number.NaN },
    ];
    for (const options of injected)
      expect(() => setCookie(response, 'ok', 'v', options)).toThrow('setCookie("ok")');
    expect(response.headers.getSetCookie()).toEqual([]);
    setCookie(response, 'theme', 'dark; Domain=evil.example\r\nX: y', { secret: SECRET });
    const [header = ''] = response.headers.getSetCookie();
    expect(header).toMatch(
      /^theme=dark%3B%20Domain%3Devil\.example%0D%0AX%3A%20y\.[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax$/,
    );
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
      'cookies: option `secret` must be a string of at least 32 characters with at least 8 different ones besides whitespace; ' +
        "generate one with `node -e \"console.log(require('node:crypto').randomBytes(32).toString('base64url'))\"`.",
    );
    expect(() => cookies({ secret: [] })).toThrow(
      'cookies: option `secret` is missing; give at least one secret.',
    );
  });
});

describe('cookie secrets and browser rules', () => {
  const weak = ['short', ' '.repeat(32), 'x'.repeat(40), 'ab'.repeat(20), `abc ${' '.repeat(40)}`];

  it('setCookie, signCookieValue and unsignCookieValue refuse secrets under the 32-character minimum', () => {
    const response = new TextResponse('x');
    expect(() => setCookie(response, 's', 'v', { secret: 'short' })).toThrow(
      'signCookieValue: the secret must be a string of at least 32 characters',
    );
    expect(() => signCookieValue('s', 'v', 'short')).toThrow('signCookieValue: the secret must be');
    expect(() => unsignCookieValue('s', 'v.sig', 'short')).toThrow('unsignCookieValue: each secret must be');
    expect(() => unsignCookieValue('s', 'v.sig', [SECRET, 'short'])).toThrow(MiddlewareError);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('refuses whitespace-only and low-variety secrets everywhere a secret is taken', () => {
    for (const secret of weak) {
      for (const attempt of [
        () => cookies({ secret }),
        () => cookies({ secret: [SECRET, secret] }),
        () => signCookieValue('s', 'v', secret),
        () => unsignCookieValue('s', 'v.x', secret),
      ]) {
        expect(attempt).toThrow(expect.objectContaining({ code: 'FRAMEWORK_ERR_COOKIE_WEAK_SECRET' }));
      }
    }
    expect(() => cookies({ secret: 'correct horse battery staple, twice' })).not.toThrow();
  });

  it('setCookie refuses __Host- and __Secure- cookies that break their prefix rules, naming the cookie', () => {
    const response = new TextResponse('x');
    const refused: [string, Parameters<typeof setCookie>[3], string][] = [
      ['__Secure-id', {}, 'setCookie("__Secure-id"): a __Secure- cookie needs { secure: true }.'],
      ['__secure-id', {}, 'setCookie("__secure-id"): a __Secure- cookie needs { secure: true }.'],
      ['__Host-id', {}, 'setCookie("__Host-id"): a __Host- cookie needs { secure: true }.'],
      [
        '__Host-id',
        { secure: true, domain: 'example.com' },
        'setCookie("__Host-id"): a __Host- cookie may not have a domain.',
      ],
      [
        '__HOST-id',
        { secure: true, path: '/app' },
        `setCookie("__HOST-id"): a __Host- cookie needs path '/'.`,
      ],
      [
        '__Host-id',
        { secure: true, path: false },
        `setCookie("__Host-id"): a __Host- cookie needs path '/'.`,
      ],
    ];
    for (const [name, options, message] of refused) {
      expect(() => setCookie(response, name, 'v', options)).toThrow(message);
    }
    expect(response.headers.getSetCookie()).toEqual([]);
    setCookie(response, '__Host-id', 'v', { secure: true });
    setCookie(response, '__Secure-id', 'v', { secure: true, domain: 'example.com' });
    expect(response.headers.getSetCookie()).toEqual([
      '__Host-id=v; Path=/; HttpOnly; Secure; SameSite=Lax',
      '__Secure-id=v; Domain=example.com; Path=/; HttpOnly; Secure; SameSite=Lax',
    ]);
    expect(() => deleteCookie(response, '__Host-id')).toThrow('a __Host- cookie needs { secure: true }.');
  });

  it('setCookie refuses SameSite=None and Partitioned without Secure, naming the cookie', () => {
    const response = new TextResponse('x');
    expect(() => setCookie(response, 'embed', 'v', { sameSite: 'none' })).toThrow(
      `setCookie("embed"): sameSite 'none' needs { secure: true }; browsers drop the cookie without it.`,
    );
    expect(() => setCookie(response, 'chip', 'v', { partitioned: true })).toThrow(
      'setCookie("chip"): partitioned needs { secure: true }; browsers drop the cookie without it.',
    );
    expect(response.headers.getSetCookie()).toEqual([]);
    setCookie(response, 'chip', 'v', { partitioned: true, sameSite: 'none', secure: true });
    expect(response.headers.getSetCookie()).toEqual([
      'chip=v; Path=/; HttpOnly; Secure; Partitioned; SameSite=None',
    ]);
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
    const signed = signCookieValue('s', 'v', SECRET);
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
