import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Application, JsonResponse, TextResponse } from '@framework/application';
import { FindMyWayRouter } from '@framework/router-fmw';
import { authDescriptorOf, bearerAuth, bearerAuthPrincipal, MAX_AUTHORIZATION_LENGTH } from '../src';
import { appWith, call, listen, send, type Served } from './support/app';

const TOKEN = 'tk_live_0c8f2a9d5e1b4c7a';
const OLD_TOKEN = 'tk_live_93be71f0aa2c+/==';
const PLAIN = 'Bearer realm="Restricted"';
const INVALID_TOKEN = 'Bearer realm="Restricted", error="invalid_token"';
const INVALID_REQUEST = 'Bearer realm="Restricted", error="invalid_request"';

function adminApp(): Application {
  const app = new Application(new FindMyWayRouter(), { development: false });
  app.pipe('/admin', bearerAuth({ tokens: [TOKEN, OLD_TOKEN] }));
  app.pipeRoutingMiddleware();
  app.pipeDispatchMiddleware();
  app.get('/admin/stats', (request) => new JsonResponse({ principal: bearerAuthPrincipal(request) }));
  app.get('/public', () => new TextResponse('hello'));
  return app;
}

describe('bearerAuth over a socket', () => {
  let served: Served;
  beforeAll(async () => (served = await listen(adminApp())));
  afterAll(() => served.close());

  it('accepts every configured token, with the scheme in any case', async () => {
    for (const authorization of [`Bearer ${TOKEN}`, `bearer ${OLD_TOKEN}`, `BEARER  ${TOKEN}`]) {
      const answer = await send(served.origin, '/admin/stats', { headers: { authorization } });
      expect([answer.status, JSON.parse(answer.body.toString())]).toEqual([200, { principal: true }]);
    }
    expect((await send(served.origin, '/public')).status).toBe(200);
  });

  it('answers 401 with the plain challenge (no error code) when no bearer token comes', async () => {
    for (const headers of [{} as Record<string, string>, { authorization: `Basic ${TOKEN}` }]) {
      const answer = await send(served.origin, '/admin/stats', { headers });
      expect([answer.status, answer.headers['www-authenticate']]).toEqual([401, PLAIN]);
      expect(JSON.parse(answer.body.toString())).toMatchObject({ code: 'FRAMEWORK_ERR_AUTH_REQUIRED' });
    }
  });

  it('answers a wrong token 401 with error="invalid_token" and no word of why', async () => {
    for (const token of [`${TOKEN}x`, TOKEN.slice(0, -1), 'x', TOKEN.toUpperCase()]) {
      const answer = await send(served.origin, '/admin/stats', {
        headers: { authorization: `Bearer ${token}` },
      });
      expect([answer.status, answer.headers['www-authenticate']]).toEqual([401, INVALID_TOKEN]);
      expect(JSON.parse(answer.body.toString())).toEqual({
        type: 'about:blank',
        title: 'Unauthorized',
        status: 401,
      });
    }
  });

  it('answers a token outside token68 syntax 400 with error="invalid_request"', async () => {
    for (const authorization of [
      'Bearer',
      'Bearer a b',
      'Bearer ab=c',
      'Bearer =abc',
      'Bearer a,b',
      'Bearer "abc"',
    ]) {
      const answer = await send(served.origin, '/admin/stats', { headers: { authorization } });
      expect([authorization, answer.status, answer.headers['www-authenticate']]).toEqual([
        authorization,
        400,
        INVALID_REQUEST,
      ]);
      expect(JSON.parse(answer.body.toString())).toMatchObject({
        code: 'FRAMEWORK_ERR_AUTH_INVALID_REQUEST',
        detail: 'The Authorization header must be "Bearer " and a token68 token.',
      });
    }
  });

  it('refuses a header over 4 KiB unread, and a 14 KB token under the server limit, with 401', async () => {
    for (const token of ['a'.repeat(MAX_AUTHORIZATION_LENGTH - 6), 'a'.repeat(14_000)]) {
      const answer = await send(served.origin, '/admin/stats', {
        headers: { authorization: `Bearer ${token}` },
      });
      expect([answer.status, answer.headers['www-authenticate']]).toEqual([401, INVALID_TOKEN]);
    }
  });

  it('leaves a 1 MB token to Node (431) and keeps serving', async () => {
    // Node refuses it with 431; newer lines may reset the connection before the client reads the answer.
    const huge = await send(served.origin, '/admin/stats', {
      headers: { authorization: `Bearer ${'a'.repeat(1 << 20)}` },
    }).then(
      (answer) => answer.status,
      (error: NodeJS.ErrnoException) => error.code,
    );
    expect([431, 'ECONNRESET', 'EPIPE']).toContain(huge);
    const next = await send(served.origin, '/admin/stats', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(next.status).toBe(200);
  });
});

describe('bearerAuth outside a Node server', () => {
  it('answers a 1 MB token 401 without comparing it', async () => {
    const answer = await call(adminApp(), '/admin/stats', {
      headers: { authorization: `Bearer ${'a'.repeat(1 << 20)}` },
    });
    expect([answer.status, answer.headers.get('www-authenticate')]).toEqual([401, INVALID_TOKEN]);
  });
});

describe('bearerAuth with a verify callback', () => {
  interface Client {
    readonly client: string;
    readonly scopes: readonly string[];
  }
  const clients = new Map<string, Client>([['abc123', { client: 'reports', scopes: ['read'] }]]);

  it('puts the principal an async verify answers on the request, typed, in its realm', async () => {
    const auth = bearerAuth({ verify: async (token) => clients.get(token) ?? false, realm: 'api' });
    const app = appWith();
    app.get('/me', [
      auth,
      (request) => {
        const principal: Client = auth.principal(request);
        // @ts-expect-error: a principal has no `user`
        void auth.principal(request).user;
        return new JsonResponse(principal);
      },
    ]);
    const answer = await call(app, '/me', { headers: { authorization: 'Bearer abc123' } });
    expect(await answer.json()).toEqual({ client: 'reports', scopes: ['read'] });
    const refused = await call(app, '/me', { headers: { authorization: 'Bearer abc124' } });
    expect([refused.status, refused.headers.get('www-authenticate')]).toEqual([
      401,
      'Bearer realm="api", error="invalid_token"',
    ]);
    const missing = await call(app, '/me');
    expect(missing.headers.get('www-authenticate')).toBe('Bearer realm="api"');
  });

  it('contains what verify throws: a 500 without its message', async () => {
    const auth = bearerAuth({
      verify: async () => {
        throw new Error('token store at 10.0.0.5 is down');
      },
    });
    const app = appWith();
    app.get('/me', [auth, () => new TextResponse('in')]);
    const answer = await call(app, '/me', { headers: { authorization: 'Bearer abc' } });
    expect(answer.status).toBe(500);
    expect(await answer.text()).not.toContain('10.0.0.5');
  });
});

describe('bearerAuth options and descriptor', () => {
  it('describes itself for tools that read the application', () => {
    expect(authDescriptorOf(bearerAuth({ token: TOKEN, realm: 'api' }))).toEqual({
      kind: 'bearer',
      scheme: 'bearer',
      realm: 'api',
    });
  });

  it('refuses unusable options, naming them', () => {
    const cases: [unknown, string][] = [
      [{ tokn: TOKEN }, 'bearerAuth: option `tokn` is not an option of bearerAuth; did you mean `token`.'],
      [{}, 'bearerAuth: option `token` is missing: give one of `token`, `tokens`, `verify`.'],
      [
        { token: TOKEN, tokens: [TOKEN] },
        'bearerAuth: option `tokens` cannot be given with `token`: give one of `token`, `tokens`, `verify`.',
      ],
      [{ tokens: [] }, 'bearerAuth: option `tokens` must be a non-empty list of tokens, got an array.'],
      [{ token: 'has space' }, 'bearerAuth: option `token` must hold tokens of token68 syntax'],
      [{ tokens: [TOKEN, 42] }, 'bearerAuth: option `tokens` must hold tokens of token68 syntax'],
      [{ token: 'a'.repeat(5000) }, 'that fit in a 4096-character header'],
      [{ verify: {} }, 'bearerAuth: option `verify` must be a function, got object [object Object].'],
    ];
    for (const [options, message] of cases) {
      expect(() => bearerAuth(options as never)).toThrow(message);
    }
  });
});
