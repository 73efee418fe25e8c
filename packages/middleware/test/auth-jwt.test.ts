import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createPublicKey } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, exportSPKI, generateKeyPair, type JWK, SignJWT } from 'jose';
import { Application, JsonResponse, type Middleware, TextResponse } from '@framework/application';
import { FindMyWayRouter } from '@framework/router-fmw';
import { authDescriptorOf, jwt, jwtPayload, MAX_JWT_AUTHORIZATION_LENGTH } from '../src';
import { appWith, call, listen, send, type Served } from './support/app';

// RSA key generation and jose's first load are slow on a busy machine; this bounds a hang, it times nothing.
jest.setTimeout(30_000);

const SECRET = 'hs256-secret-of-at-least-32-bytes-0123456789';
const PLAIN = 'Bearer realm="Restricted"';
const INVALID_TOKEN = 'Bearer realm="Restricted", error="invalid_token"';
const now = () => Math.floor(Date.now() / 1000);

type Keys = Awaited<ReturnType<typeof generateKeyPair>>;

function hs256(claims: Record<string, unknown> = {}, secret: string | Uint8Array = SECRET): Promise<string> {
  const key = typeof secret === 'string' ? new TextEncoder().encode(secret) : secret;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(key);
}

function rs256(keys: Keys, claims: Record<string, unknown> = {}, kid?: string): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', ...(kid === undefined ? {} : { kid }) })
    .setExpirationTime('5m')
    .sign(keys.privateKey);
}

/** An unsigned token in compact form: base64url header and payload, and the given signature. */
function unsigned(header: object, payload: object, signature = ''): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part(header)}.${part(payload)}.${signature}`;
}

/** An application answering the verified payload at /me behind `auth`, and an open /free route. */
function appBehind(auth: Middleware, development = false): Application {
  const app = new Application(new FindMyWayRouter(), { development, onError: () => undefined });
  app.pipeRoutingMiddleware();
  app.pipeDispatchMiddleware();
  app.get('/me', [auth, (request) => new JsonResponse(jwtPayload(request))]);
  app.get('/free', (request) => new JsonResponse(jwtPayload(request)));
  return app;
}

async function statusOf(app: Application, token: string): Promise<[number, string | null]> {
  const answer = await call(app, '/me', { headers: { authorization: `Bearer ${token}` } });
  return [answer.status, answer.headers.get('www-authenticate')];
}

describe('jwt with an HMAC secret, over a socket', () => {
  let served: Served;
  beforeAll(async () => (served = await listen(appBehind(jwt({ secret: SECRET, algorithms: ['HS256'] })))));
  afterAll(() => served.close());

  it('puts the verified payload on the request', async () => {
    const token = await hs256({ sub: 'user-7', role: 'admin' });
    const answer = await send(served.origin, '/me', { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString())).toMatchObject({ sub: 'user-7', role: 'admin' });
  });

  it('answers 401 with the plain challenge when no token comes, and invalid_token for a bad one', async () => {
    const missing = await send(served.origin, '/me');
    expect([missing.status, missing.headers['www-authenticate']]).toEqual([401, PLAIN]);
    const forged = await hs256({ sub: 'user-7' }, 'another-secret-of-at-least-32-bytes-98765');
    const refused = await send(served.origin, '/me', { headers: { authorization: `Bearer ${forged}` } });
    expect([refused.status, refused.headers['www-authenticate']]).toEqual([401, INVALID_TOKEN]);
    expect(JSON.parse(refused.body.toString())).toEqual({
      type: 'about:blank',
      title: 'Unauthorized',
      status: 401,
    });
  });

  it('refuses a token whose payload was edited after signing', async () => {
    const [header, , signature] = (await hs256({ role: 'user' })).split('.');
    const edited = `${header}.${Buffer.from(JSON.stringify({ role: 'admin', exp: now() + 60 })).toString('base64url')}.${signature}`;
    const answer = await send(served.origin, '/me', { headers: { authorization: `Bearer ${edited}` } });
    expect(answer.status).toBe(401);
  });

  it('refuses alg "none", with or without a signature segment', async () => {
    for (const token of [
      unsigned({ alg: 'none', typ: 'JWT' }, { sub: 'admin', exp: now() + 60 }),
      unsigned({ alg: 'none', typ: 'JWT' }, { sub: 'admin', exp: now() + 60 }, 'AAAA'),
      unsigned({ alg: 'NONE' }, { sub: 'admin' }, 'AAAA'),
    ]) {
      const answer = await send(served.origin, '/me', { headers: { authorization: `Bearer ${token}` } });
      expect([answer.status, answer.headers['www-authenticate']]).toEqual([401, INVALID_TOKEN]);
    }
  });

  it('answers a malformed base64url segment: 400 outside token68, 401 inside it', async () => {
    const good = await hs256({ sub: 'x' });
    const [header, payload, signature] = good.split('.');
    const outside = [`${header}!.${payload}.${signature}`, `${header}.${payload}.${signature} x`];
    for (const token of outside) {
      const answer = await send(served.origin, '/me', { headers: { authorization: `Bearer ${token}` } });
      expect([answer.status, answer.headers['www-authenticate']]).toEqual([
        400,
        'Bearer realm="Restricted", error="invalid_request"',
      ]);
    }
    const inside = [
      `${header}.${payload}`,
      `${header}..${signature}`,
      `${header}.${payload}.${signature}.${signature}`,
      `${header}.${payload}+.${signature}`,
      `${header}.${payload}.${signature}==`,
      `abc.${payload}.${signature}`,
      `${Buffer.from('{"alg":"HS256"').toString('base64url')}.${payload}.${signature}`,
      `${header}.${Buffer.from('not json').toString('base64url')}.${signature}`,
    ];
    for (const token of inside) {
      const answer = await send(served.origin, '/me', { headers: { authorization: `Bearer ${token}` } });
      expect([token, answer.status, answer.headers['www-authenticate']]).toEqual([token, 401, INVALID_TOKEN]);
    }
  });

  it('refuses a token over its 8 KiB bound unread, under and over the server header limit', async () => {
    const over = `${'a'.repeat(MAX_JWT_AUTHORIZATION_LENGTH)}.b.c`;
    const underServerLimit = `${'a'.repeat(14_000)}.b.c`;
    for (const token of [over, underServerLimit]) {
      const answer = await send(served.origin, '/me', { headers: { authorization: `Bearer ${token}` } });
      expect([answer.status, answer.headers['www-authenticate']]).toEqual([401, INVALID_TOKEN]);
    }
    // Node refuses it with 431; newer lines may reset the connection before the client reads the answer.
    const huge = await send(served.origin, '/me', {
      headers: { authorization: `Bearer ${'a'.repeat(1 << 20)}.b.c` },
    }).then(
      (answer) => answer.status,
      (error: NodeJS.ErrnoException) => error.code,
    );
    expect([431, 'ECONNRESET', 'EPIPE']).toContain(huge);
    const next = await send(served.origin, '/me', { headers: { authorization: `Bearer ${await hs256()}` } });
    expect(next.status).toBe(200);
  });

  it('answers 500 without details when a handler reads the payload without jwt() before it', async () => {
    const answer = await send(served.origin, '/free', {
      headers: { authorization: `Bearer ${await hs256()}` },
    });
    expect(answer.status).toBe(500);
  });
});

describe('jwt outside a Node server', () => {
  it('answers a 1 MB token 401 without verifying it', async () => {
    const app = appBehind(jwt({ secret: SECRET, algorithms: ['HS256'] }));
    expect(await statusOf(app, `${'a'.repeat(1 << 20)}.b.c`)).toEqual([401, INVALID_TOKEN]);
  });

  it('says why a token was refused in development mode only', async () => {
    const options = { secret: SECRET, algorithms: ['HS256'] as const };
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(now() - 10)
      .sign(new TextEncoder().encode(SECRET));
    const development = await call(appBehind(jwt(options), true), '/me', {
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(await development.json()).toMatchObject({
      status: 401,
      code: 'FRAMEWORK_ERR_AUTH_INVALID',
      detail: 'Bearer token refused: "exp" claim timestamp check failed.',
    });
    const production = await call(appBehind(jwt(options)), '/me', {
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(await production.json()).toEqual({ type: 'about:blank', title: 'Unauthorized', status: 401 });
    const unguarded = await call(appBehind(jwt(options), true), '/free');
    expect(await unguarded.json()).toMatchObject({
      code: 'FRAMEWORK_ERR_AUTH_NOT_RUN',
      detail:
        'jwtPayload(request) needs the jwt() middleware before this handler; it did not authenticate this request.',
    });
  });
});

describe('jwt claims: exp and nbf with clock tolerance, issuer, audience', () => {
  const key = new TextEncoder().encode(SECRET);
  const signed = (build: (jwt: SignJWT) => SignJWT) =>
    build(new SignJWT({}).setProtectedHeader({ alg: 'HS256' })).sign(key);

  it('refuses an expired or not-yet-valid token, and accepts it within the clock tolerance', async () => {
    const expired = await signed((t) => t.setExpirationTime(now() - 30));
    const early = await signed((t) => t.setNotBefore(now() + 30).setExpirationTime(now() + 600));
    const strict = appBehind(jwt({ secret: SECRET, algorithms: ['HS256'] }));
    const tolerant = appBehind(jwt({ secret: SECRET, algorithms: ['HS256'], clockTolerance: 60 }));
    const narrow = appBehind(jwt({ secret: SECRET, algorithms: ['HS256'], clockTolerance: 5 }));
    for (const token of [expired, early]) {
      expect(await statusOf(strict, token)).toEqual([401, INVALID_TOKEN]);
      expect((await statusOf(tolerant, token))[0]).toBe(200);
      expect((await statusOf(narrow, token))[0]).toBe(401);
    }
  });

  it('refuses a token older than maxTokenAge, or without iat when it is set', async () => {
    const app = appBehind(jwt({ secret: SECRET, algorithms: ['HS256'], maxTokenAge: 60 }));
    expect((await statusOf(app, await signed((t) => t.setIssuedAt(now() - 10))))[0]).toBe(200);
    expect((await statusOf(app, await signed((t) => t.setIssuedAt(now() - 120))))[0]).toBe(401);
    expect((await statusOf(app, await signed((t) => t)))[0]).toBe(401);
  });

  it('checks iss and aud against the configured ones', async () => {
    const app = appBehind(
      jwt({
        secret: SECRET,
        algorithms: ['HS256'],
        issuer: 'https://issuer.test/',
        audience: ['notes-api', 'admin-api'],
      }),
    );
    const cases: [(t: SignJWT) => SignJWT, number][] = [
      [(t) => t.setIssuer('https://issuer.test/').setAudience('notes-api'), 200],
      [(t) => t.setIssuer('https://issuer.test/').setAudience(['other', 'admin-api']), 200],
      [(t) => t.setIssuer('https://evil.test/').setAudience('notes-api'), 401],
      [(t) => t.setIssuer('https://issuer.test/').setAudience('billing-api'), 401],
      [(t) => t.setAudience('notes-api'), 401],
      [(t) => t.setIssuer('https://issuer.test/'), 401],
    ];
    for (const [build, status] of cases) expect((await statusOf(app, await signed(build)))[0]).toBe(status);
  });

  it('requires the listed claims', async () => {
    const app = appBehind(jwt({ secret: SECRET, algorithms: ['HS256'], requiredClaims: ['sub'] }));
    expect((await statusOf(app, await signed((t) => t.setSubject('u1'))))[0]).toBe(200);
    expect((await statusOf(app, await signed((t) => t)))[0]).toBe(401);
  });
});

describe('jwt with a public key', () => {
  let rsa: Keys;
  let es: Keys;
  beforeAll(async () => {
    rsa = await generateKeyPair('RS256', { extractable: true });
    es = await generateKeyPair('ES256', { extractable: true });
  });

  it('verifies RS256 with a CryptoKey and ES256 with a public JWK', async () => {
    const rsApp = appBehind(jwt({ key: rsa.publicKey, algorithms: ['RS256'] }));
    expect((await statusOf(rsApp, await rs256(rsa, { sub: 'r' })))[0]).toBe(200);
    const esApp = appBehind(jwt({ key: await exportJWK(es.publicKey), algorithms: ['ES256'] }));
    const esToken = await new SignJWT({ sub: 'e' }).setProtectedHeader({ alg: 'ES256' }).sign(es.privateKey);
    expect((await statusOf(esApp, esToken))[0]).toBe(200);
    expect((await statusOf(esApp, await rs256(rsa)))[0]).toBe(401);
  });

  it('refuses HS256 signed with the RSA public key as secret (algorithm confusion)', async () => {
    const app = appBehind(jwt({ key: rsa.publicKey, algorithms: ['RS256'] }));
    const pem = await exportSPKI(rsa.publicKey);
    const jwk = JSON.stringify(await exportJWK(rsa.publicKey));
    for (const secret of [pem, jwk]) {
      const forged = await new SignJWT({ sub: 'admin' })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode(secret));
      expect(await statusOf(app, forged)).toEqual([401, INVALID_TOKEN]);
    }
    expect(() => jwt({ key: rsa.publicKey, algorithms: ['RS256', 'HS256'] })).toThrow(
      'jwt: option `algorithms` lists HS256, which needs a `secret`, not `key`; one middleware never mixes them, so a public key cannot serve as an HMAC secret.',
    );
  });

  it('refuses with 401, reporting nothing, a listed algorithm the configured key cannot verify', async () => {
    // A token's header alone chose the algorithm: a forged header used to make every request a 500.
    const algorithms = ['RS256', 'RS512', 'PS256', 'ES256', 'EdDSA'] as const;
    const keys = [
      rsa.publicKey,
      createPublicKey(await exportSPKI(rsa.publicKey)),
      { ...(await exportJWK(rsa.publicKey)), alg: 'RS256' },
    ];
    for (const key of keys) {
      const onError = jest.fn();
      const app = new Application(new FindMyWayRouter(), { development: false, onError });
      app.get('/me', [jwt({ key, algorithms: [...algorithms] }), () => new TextResponse('in')]);
      app.pipeRoutingMiddleware();
      app.pipeDispatchMiddleware();
      const served = await listen(app);
      try {
        expect(
          (await send(served.origin, '/me', { headers: { authorization: `Bearer ${await rs256(rsa)}` } }))
            .status,
        ).toBe(200);
        for (const alg of algorithms.slice(1)) {
          const forged = unsigned({ alg }, { sub: 'admin' }, 'c2lnbmF0dXJl');
          const answer = await send(served.origin, '/me', { headers: { authorization: `Bearer ${forged}` } });
          expect([alg, answer.status, answer.headers['www-authenticate']]).toEqual([alg, 401, INVALID_TOKEN]);
        }
        expect(onError).not.toHaveBeenCalled();
      } finally {
        await served.close();
      }
    }
  });

  it('refuses a private or symmetric key as `key`', async () => {
    const message =
      'jwt: option `key` must be a public key; give HMAC secrets as `secret`, and never the private key.';
    expect(() => jwt({ key: rsa.privateKey, algorithms: ['RS256'] })).toThrow(message);
    const privateJwk = await exportJWK(rsa.privateKey);
    expect(() => jwt({ key: privateJwk, algorithms: ['RS256'] })).toThrow(message);
    expect(() => jwt({ key: { kty: 'oct', k: 'AAAA' }, algorithms: ['RS256'] })).toThrow(message);
    expect(() => jwt({ key: 'not a key' as never, algorithms: ['RS256'] })).toThrow(
      'jwt: option `key` must be a public CryptoKey, KeyObject or JWK, got "not a key"; import a PEM with jose\'s importSPKI() or importX509().',
    );
  });

  it('reads the token from the named cookie when no Authorization header comes, the header first', async () => {
    const app = appBehind(jwt({ key: rsa.publicKey, algorithms: ['RS256'], cookie: 'session' }));
    const fromCookie = await call(app, '/me', {
      headers: { cookie: `theme=dark; session=${await rs256(rsa, { sub: 'c' })}` },
    });
    expect(await fromCookie.json()).toMatchObject({ sub: 'c' });
    const both = await call(app, '/me', {
      headers: {
        authorization: `Bearer ${await rs256(rsa, { sub: 'h' })}`,
        cookie: `session=${await rs256(rsa, { sub: 'c' })}`,
      },
    });
    expect(await both.json()).toMatchObject({ sub: 'h' });
    const badCookie = await call(app, '/me', { headers: { cookie: 'session=not-a-token' } });
    expect([badCookie.status, badCookie.headers.get('www-authenticate')]).toEqual([401, INVALID_TOKEN]);
    const none = await call(app, '/me', { headers: { cookie: 'theme=dark' } });
    expect([none.status, none.headers.get('www-authenticate')]).toEqual([401, PLAIN]);
  });
});

/** A JSON Web Key Set server on 127.0.0.1 that counts its fetches. */
class KeySetServer {
  fetches = 0;
  keys: JWK[] = [];
  mode: 'serve' | 'fail' | 'hang' = 'serve';
  private readonly server: Server = createServer((_request, response) => {
    this.fetches++;
    if (this.mode === 'hang') return;
    if (this.mode === 'fail') return void response.writeHead(500).end('down');
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: this.keys }));
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/.well-known/jwks.json`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

describe('jwt with a JSON Web Key Set from a local server', () => {
  const keySet = new KeySetServer();
  let url: string;
  let first: Keys;
  let second: Keys;
  const publicJwk = async (keys: Keys, kid: string): Promise<JWK> => ({
    ...(await exportJWK(keys.publicKey)),
    kid,
    alg: 'RS256',
  });

  beforeAll(async () => {
    url = await keySet.start();
    [first, second] = await Promise.all([
      generateKeyPair('RS256', { extractable: true }),
      generateKeyPair('RS256', { extractable: true }),
    ]);
  });
  afterAll(() => keySet.stop());

  it('fetches the set once and caches it; an unknown kid inside the cooldown is refused without a fetch', async () => {
    keySet.mode = 'serve';
    keySet.keys = [await publicJwk(first, 'k1')];
    keySet.fetches = 0;
    const app = appBehind(jwt({ jwks: url, algorithms: ['RS256'] }));
    for (let i = 0; i < 3; i++) expect((await statusOf(app, await rs256(first, { i }, 'k1')))[0]).toBe(200);
    expect(keySet.fetches).toBe(1);
    for (let i = 0; i < 5; i++)
      expect(await statusOf(app, await rs256(second, {}, `unknown-${i}`))).toEqual([401, INVALID_TOKEN]);
    expect(keySet.fetches).toBe(1);
  });

  it('follows a key rotation: an unknown kid refetches once, then the new key verifies from the cache', async () => {
    keySet.mode = 'serve';
    keySet.keys = [await publicJwk(first, 'k1')];
    keySet.fetches = 0;
    const app = appBehind(jwt({ jwks: new URL(url), algorithms: ['RS256'], jwksCooldown: 0 }));
    expect((await statusOf(app, await rs256(first, {}, 'k1')))[0]).toBe(200);
    keySet.keys = [await publicJwk(first, 'k1'), await publicJwk(second, 'k2')];
    expect((await statusOf(app, await rs256(second, {}, 'k2')))[0]).toBe(200);
    expect(keySet.fetches).toBe(2);
    expect((await statusOf(app, await rs256(second, {}, 'k2')))[0]).toBe(200);
    expect(keySet.fetches).toBe(2);
    expect((await statusOf(app, await rs256(second, {}, 'k3')))[0]).toBe(401);
    expect(keySet.fetches).toBe(3); // one refetch per unknown kid, never a loop
  });

  it('answers 503 when the set cannot be fetched: an error answer, or no answer within jwksTimeout', async () => {
    for (const mode of ['fail', 'hang'] as const) {
      keySet.mode = mode;
      const errors: unknown[] = [];
      const app = new Application(new FindMyWayRouter(), { onError: (error) => errors.push(error) });
      app.pipeRoutingMiddleware();
      app.pipeDispatchMiddleware();
      app.get('/me', [
        jwt({ jwks: url, algorithms: ['RS256'], jwksTimeout: 200 }),
        () => new TextResponse('in'),
      ]);
      const answer = await call(app, '/me', {
        headers: { authorization: `Bearer ${await rs256(first, {}, 'k1')}` },
      });
      expect(answer.status).toBe(503);
      expect(await answer.json()).toEqual({ type: 'about:blank', title: 'Service Unavailable', status: 503 });
      expect(errors).toEqual([expect.objectContaining({ code: 'FRAMEWORK_ERR_AUTH_KEYS_UNAVAILABLE' })]);
    }
    keySet.mode = 'serve';
  });

  it('verifies with a key set given inline', async () => {
    const app = appBehind(
      jwt({
        jwks: { keys: [await publicJwk(first, 'k1'), await publicJwk(second, 'k2')] },
        algorithms: ['RS256'],
      }),
    );
    expect((await statusOf(app, await rs256(second, {}, 'k2')))[0]).toBe(200);
    expect((await statusOf(app, await rs256(second, {}, 'k9')))[0]).toBe(401);
  });
});

describe('jwt options and descriptor', () => {
  it('describes itself for tools that read the application', () => {
    const auth = jwt({
      jwks: 'https://issuer.test/jwks.json',
      algorithms: ['RS256', 'ES256'],
      issuer: 'https://issuer.test/',
      audience: 'notes',
      cookie: 'session',
      realm: 'notes',
    });
    expect(authDescriptorOf(auth)).toEqual({
      kind: 'jwt',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      realm: 'notes',
      algorithms: ['RS256', 'ES256'],
      issuer: ['https://issuer.test/'],
      audience: ['notes'],
      cookie: 'session',
    });
  });

  it('refuses weak HMAC secrets, per algorithm', () => {
    const weak = [
      ['short', ['HS256']],
      [' '.repeat(40), ['HS256']],
      ['ab'.repeat(20), ['HS256']],
      [new Uint8Array(64), ['HS256']],
      [SECRET, ['HS512']],
    ] as const;
    for (const [secret, algorithms] of weak) {
      expect(() => jwt({ secret, algorithms })).toThrow(
        expect.objectContaining({ code: 'FRAMEWORK_ERR_AUTH_WEAK_SECRET' }),
      );
    }
    expect(() => jwt({ secret: 'short', algorithms: ['HS384'] })).toThrow(
      "jwt: option `secret` must be at least 48 bytes for HS384 with at least 8 different ones; generate one with `node -e \"console.log(require('node:crypto').randomBytes(48).toString('base64url'))\"`.",
    );
    expect(() =>
      jwt({ secret: crypto.getRandomValues(new Uint8Array(64)), algorithms: ['HS512', 'HS256'] }),
    ).not.toThrow();
  });

  it('refuses unusable options, naming them', () => {
    const cases: [unknown, string][] = [
      [
        { secret: SECRET },
        "jwt: option `algorithms` is required: list the algorithms your tokens are signed with, such as ['RS256'] or ['HS256']; got undefined.",
      ],
      [{ secret: SECRET, algorithms: [] }, 'jwt: option `algorithms` is required'],
      [
        { secret: SECRET, algorithms: ['none'] },
        'jwt: option `algorithms` holds "none", which is not a JWS algorithm jwt() verifies (unsigned tokens are never accepted).',
      ],
      [
        { secret: SECRET, algorithms: ['HS257'] },
        'jwt: option `algorithms` holds "HS257", which is not a JWS algorithm jwt() verifies. Known: HS256,',
      ],
      [{ algorithms: ['HS256'] }, 'jwt: option `secret` is missing: give one of `secret`, `key`, `jwks`.'],
      [
        { secret: SECRET, jwks: 'https://issuer.test/jwks.json', algorithms: ['HS256'] },
        'jwt: option `jwks` cannot be given with `secret`: give one of `secret`, `key`, `jwks`.',
      ],
      [
        { secret: SECRET, algorithms: ['RS256'] },
        'jwt: option `algorithms` may list only HS256, HS384 and HS512 with a `secret`; asymmetric algorithms need `key` or `jwks`.',
      ],
      [
        { jwks: 'https://issuer.test/jwks.json', algorithms: ['HS256'] },
        'jwt: option `algorithms` lists HS256, which needs a `secret`, not `jwks`',
      ],
      [
        { jwks: 'http://issuer.test/jwks.json', algorithms: ['RS256'] },
        'jwt: option `jwks` must be an https URL (plain http only on a loopback host), got "http://issuer.test/jwks.json".',
      ],
      [{ jwks: 'file:///etc/jwks.json', algorithms: ['RS256'] }, 'jwt: option `jwks` must be an https URL'],
      [
        { jwks: '/jwks.json', algorithms: ['RS256'] },
        'jwt: option `jwks` must be an absolute URL, got "/jwks.json".',
      ],
      [
        { jwks: { keys: [{ kty: 'oct', k: 'AAAA' }] }, algorithms: ['RS256'] },
        'jwt: option `jwks` must hold public keys only; give HMAC secrets as `secret`.',
      ],
      [
        { jwks: [], algorithms: ['RS256'] },
        'jwt: option `jwks` must be an https URL or a key set { keys: [...] }, got an array.',
      ],
      [
        { secret: SECRET, algorithms: ['HS256'], jwksTimeout: 100 },
        'jwt: option `jwksTimeout` applies only to a key set fetched from a `jwks` URL.',
      ],
      [
        { jwks: { keys: [] }, algorithms: ['RS256'], jwksCooldown: 0 },
        'jwt: option `jwksCooldown` applies only to a key set fetched from a `jwks` URL.',
      ],
      [
        { jwks: 'https://issuer.test/jwks.json', algorithms: ['RS256'], jwksTimeout: -1 },
        'jwt: option `jwksTimeout` must be a whole number of milliseconds (0 or more), got number -1.',
      ],
      [
        { secret: SECRET, algorithms: ['HS256'], audiance: 'x' },
        'jwt: option `audiance` is not an option of jwt; did you mean `audience`.',
      ],
      [
        { secret: SECRET, algorithms: ['HS256'], issuer: '' },
        'jwt: option `issuer` must be a non-empty string or list of them, got "".',
      ],
      [
        { secret: SECRET, algorithms: ['HS256'], clockTolerance: '5m' },
        'jwt: option `clockTolerance` must be a number of seconds (0 or more), got "5m".',
      ],
      [
        { secret: SECRET, algorithms: ['HS256'], cookie: 'a b' },
        'jwt: option `cookie` must be a cookie name, got "a b".',
      ],
      [
        { secret: SECRET, algorithms: ['HS256'], realm: 'a"b' },
        'jwt: option `realm` must be 1 to 128 printable ASCII characters',
      ],
    ];
    for (const [options, message] of cases) expect(() => jwt(options as never)).toThrow(message);
  });
});

describe('jwt payload types', () => {
  it('types the payload from the declared claims, over the registered ones', async () => {
    interface Claims {
      readonly sub: string;
      readonly role: 'admin' | 'user';
    }
    const auth = jwt<Claims>({ secret: SECRET, algorithms: ['HS256'] });
    const app = appWith();
    app.get('/me', [
      auth,
      (request) => {
        const { role, sub, exp } = auth.payload(request);
        const admin: 'admin' | 'user' = jwtPayload<Claims>(request).role;
        // @ts-expect-error: `rolee` is not a declared claim
        void auth.payload(request).rolee;
        // @ts-expect-error: nor through the free accessor
        void jwtPayload<Claims>(request).scope;
        // @ts-expect-error: `role` is a union of two names, not any string
        const wrong: 'owner' = auth.payload(request).role;
        void wrong;
        const expires: number | undefined = exp;
        const untyped: string | undefined = jwtPayload(request).iss;
        return new JsonResponse({ role, sub, admin, expires: typeof expires, untyped: untyped ?? null });
      },
    ]);
    const answer = await call(app, '/me', {
      headers: { authorization: `Bearer ${await hs256({ sub: 'u', role: 'admin' })}` },
    });
    expect(await answer.json()).toEqual({
      role: 'admin',
      sub: 'u',
      admin: 'admin',
      expires: 'number',
      untyped: null,
    });
  });
});
