import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Application, JsonResponse, TextResponse } from '@framework/application';
import { FindMyWayRouter } from '@framework/router-fmw';
import {
  AUTH_DESCRIPTOR,
  authDescriptorOf,
  basicAuth,
  basicAuthUser,
  MAX_AUTHORIZATION_LENGTH,
} from '../src';
import { appWith, call, listen, send, type Served } from './support/app';

const CHALLENGE = 'Basic realm="Restricted", charset="UTF-8"';

function basic(userPass: string): string {
  return `Basic ${Buffer.from(userPass, 'utf8').toString('base64')}`;
}

const admins = basicAuth({
  credentials: [
    { username: 'alice', password: 'wonder:land' },
    { username: 'bob', password: 'the-builder' },
    { username: 'zoë', password: 'pâté' },
  ],
});

function adminApp(): Application {
  const app = appWith();
  app.get('/admin', [admins, (request) => new JsonResponse(admins.user(request))]);
  app.get('/free', (request) => new JsonResponse(basicAuthUser(request)));
  return app;
}

describe('basicAuth over a socket', () => {
  let served: Served;
  beforeAll(async () => (served = await listen(adminApp())));
  afterAll(() => served.close());

  it('accepts each configured pair, a password with ":" split per RFC 7617, and UTF-8 names', async () => {
    for (const [pair, username] of [
      ['alice:wonder:land', 'alice'],
      ['bob:the-builder', 'bob'],
      ['zoë:pâté', 'zoë'],
    ]) {
      const answer = await send(served.origin, '/admin', {
        headers: { authorization: basic(pair as string) },
      });
      expect([answer.status, JSON.parse(answer.body.toString())]).toEqual([200, { username }]);
    }
  });

  it('reads the scheme without case and tolerates several spaces before the credentials', async () => {
    for (const scheme of ['basic', 'BASIC', 'bAsIc']) {
      const token = Buffer.from('bob:the-builder').toString('base64');
      const answer = await send(served.origin, '/admin', {
        headers: { authorization: `${scheme}   ${token}` },
      });
      expect(answer.status).toBe(200);
    }
  });

  it('answers 401 problem+json with the Basic challenge when no credentials come', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer abc' },
      { authorization: 'Basicx YWxpY2U6eA==' },
    ]) {
      const answer = await send(served.origin, '/admin', { headers });
      expect(answer.status).toBe(401);
      expect(answer.headers['www-authenticate']).toBe(CHALLENGE);
      expect(answer.headers['content-type']).toBe('application/problem+json');
      expect(JSON.parse(answer.body.toString())).toEqual({
        type: 'about:blank',
        title: 'Unauthorized',
        status: 401,
        detail: 'Authentication is required.',
        code: 'FRAMEWORK_ERR_AUTH_REQUIRED',
      });
    }
  });

  it('answers a wrong user or password 401 with the challenge and no word of why', async () => {
    for (const pair of [
      'alice:wonder',
      'alice:wonder:land ',
      'mallory:wonder:land',
      'bob:wonder:land',
      ':',
    ]) {
      const answer = await send(served.origin, '/admin', { headers: { authorization: basic(pair) } });
      expect(answer.status).toBe(401);
      expect(answer.headers['www-authenticate']).toBe(CHALLENGE);
      expect(JSON.parse(answer.body.toString())).toEqual({
        type: 'about:blank',
        title: 'Unauthorized',
        status: 401,
      });
    }
  });

  it('refuses malformed credentials: bad or unpadded base64, no colon, invalid UTF-8, control characters', async () => {
    const malformed = [
      'Basic',
      'Basic ',
      'Basic !!!!',
      'Basic YWxpY2U6d29uZGVyOmxhbmQ', // unpadded
      'Basic YWxp Y2U6d29uZGVyOmxhbmQ=', // inner space
      'Basic =YWxpY2U6d29uZGVyOmxhbmQ',
      basic('alice'), // no colon
      `Basic ${Buffer.from([0x61, 0x3a, 0xff, 0xfe]).toString('base64')}`, // a:<invalid UTF-8>
      basic('alice:wonder\u0000:land'),
      basic('alice:wonder:land\u007f'),
    ];
    for (const authorization of malformed) {
      const answer = await send(served.origin, '/admin', { headers: { authorization } });
      expect([authorization, answer.status, answer.headers['www-authenticate']]).toEqual([
        authorization,
        401,
        CHALLENGE,
      ]);
    }
  });

  it('refuses a header over 4 KiB unread, and one near the server header limit, with 401', async () => {
    const justOver = `Basic ${'A'.repeat(MAX_AUTHORIZATION_LENGTH - 5)}`;
    expect(justOver.length).toBe(MAX_AUTHORIZATION_LENGTH + 1);
    for (const authorization of [justOver, `Basic ${'QUFB'.repeat(3_500)}`]) {
      const answer = await send(served.origin, '/admin', { headers: { authorization } });
      expect([answer.status, answer.headers['www-authenticate']]).toEqual([401, CHALLENGE]);
    }
  });

  it('leaves a 1 MB header to Node (431) and keeps serving', async () => {
    // Node refuses it with 431; newer lines may reset the connection before the client reads the answer.
    const huge = await send(served.origin, '/admin', {
      headers: { authorization: `Basic ${'QUFB'.repeat(262_144)}` },
    }).then(
      (answer) => answer.status,
      (error: NodeJS.ErrnoException) => error.code,
    );
    expect([431, 'ECONNRESET', 'EPIPE']).toContain(huge);
    const next = await send(served.origin, '/admin', {
      headers: { authorization: basic('bob:the-builder') },
    });
    expect(next.status).toBe(200);
  });

  it('answers 500 without details when a handler reads the user without basicAuth before it', async () => {
    const answer = await send(served.origin, '/free', {
      headers: { authorization: basic('bob:the-builder') },
    });
    expect(answer.status).toBe(500);
    expect(answer.body.toString()).not.toContain('bob');
  });
});

describe('basicAuth outside a Node server', () => {
  it('answers a 1 MB header 401 without decoding it (no header limit in front)', async () => {
    const answer = await call(adminApp(), '/admin', {
      headers: { authorization: `Basic ${'QUFB'.repeat(262_144)}` },
    });
    expect([answer.status, answer.headers.get('www-authenticate')]).toEqual([401, CHALLENGE]);
  });

  it('says why credentials were refused in development mode only', async () => {
    const app = new Application(new FindMyWayRouter(), { development: true, onError: () => undefined });
    app.pipeRoutingMiddleware();
    app.pipeDispatchMiddleware();
    app.get('/admin', [admins, () => new TextResponse('in')]);
    app.get('/free', (request) => new JsonResponse(basicAuthUser(request)));
    const unguarded = (await (await call(app, '/free')).json()) as Record<string, unknown>;
    expect([unguarded.code, unguarded.detail]).toEqual([
      'FRAMEWORK_ERR_AUTH_NOT_RUN',
      'basicAuthUser(request) needs the basicAuth() middleware before this handler; it did not authenticate this request.',
    ]);
    const cases: [string, string][] = [
      [basic('alice:nope'), 'Basic credentials refused: the user name or password is wrong.'],
      [
        'Basic !!!',
        'Basic credentials refused: the credentials are not canonical base64 of UTF-8 user:password.',
      ],
      [
        `Basic ${'A'.repeat(5000)}`,
        'Basic credentials refused: the Authorization header is longer than 4096 characters.',
      ],
    ];
    for (const [authorization, detail] of cases) {
      const body = (await (await call(app, '/admin', { headers: { authorization } })).json()) as Record<
        string,
        unknown
      >;
      expect([body.status, body.detail, body.code]).toEqual([401, detail, 'FRAMEWORK_ERR_AUTH_INVALID']);
    }
  });
});

describe('basicAuth with a verify callback', () => {
  interface Account {
    readonly id: number;
    readonly name: string;
  }
  const accounts = new Map<string, Account & { password: string }>([
    ['carol', { id: 7, name: 'Carol', password: 'secret-7' }],
  ]);

  it('puts the object an async verify answers on the request, typed', async () => {
    const auth = basicAuth({
      verify: async (username, password) => {
        await Promise.resolve();
        const account = accounts.get(username);
        return account !== undefined && account.password === password
          ? { id: account.id, name: account.name }
          : undefined;
      },
      realm: 'Accounts',
    });
    const app = appWith();
    app.get('/me', [
      auth,
      (request) => {
        const account: Account = auth.user(request);
        // @ts-expect-error: the user is what verify answers, which has no username
        void auth.user(request).username;
        return new JsonResponse(account);
      },
    ]);
    const accepted = await call(app, '/me', { headers: { authorization: basic('carol:secret-7') } });
    expect(await accepted.json()).toEqual({ id: 7, name: 'Carol' });
    const refused = await call(app, '/me', { headers: { authorization: basic('carol:secret-8') } });
    expect([refused.status, refused.headers.get('www-authenticate')]).toEqual([
      401,
      'Basic realm="Accounts", charset="UTF-8"',
    ]);
  });

  it('knows the user by name when verify answers true, and gives verify the request', async () => {
    const auth = basicAuth({
      verify: (username, _password, request) => request.header('x-allow') === username,
    });
    const app = appWith();
    app.get('/me', [auth, (request) => new JsonResponse(basicAuthUser(request))]);
    const answer = await call(app, '/me', { headers: { authorization: basic('dave:x'), 'x-allow': 'dave' } });
    expect(await answer.json()).toEqual({ username: 'dave' });
    const refused = await call(app, '/me', { headers: { authorization: basic('dave:x'), 'x-allow': 'eve' } });
    expect(refused.status).toBe(401);
  });

  it('fails closed when an untyped verify answers something truthy that is not true or an object', async () => {
    for (const answer of [1, 'yes', Symbol('ok')]) {
      const auth = basicAuth({ verify: () => answer as never });
      const app = appWith();
      app.get('/me', [auth, () => new TextResponse('in')]);
      expect((await call(app, '/me', { headers: { authorization: basic('x:y') } })).status).toBe(401);
    }
  });

  it('contains what verify throws: a 500 without its message, and the next request is served', async () => {
    let calls = 0;
    const auth = basicAuth({
      verify: () => {
        calls++;
        if (calls === 1) throw new Error('database password is hunter2');
        return true;
      },
    });
    const app = appWith();
    app.get('/me', [auth, () => new TextResponse('in')]);
    const served = await listen(app);
    try {
      const failed = await send(served.origin, '/me', { headers: { authorization: basic('x:y') } });
      expect(failed.status).toBe(500);
      expect(failed.body.toString()).not.toContain('hunter2');
      const next = await send(served.origin, '/me', { headers: { authorization: basic('x:y') } });
      expect([next.status, next.body.toString()]).toEqual([200, 'in']);
    } finally {
      await served.close();
    }
  });
});

describe('basicAuth options and descriptor', () => {
  it('describes itself for tools that read the application', () => {
    const auth = basicAuth({ credentials: [{ username: 'a', password: 'b' }], realm: 'Back office' });
    expect(authDescriptorOf(auth)).toEqual({ kind: 'basic', scheme: 'basic', realm: 'Back office' });
    expect(auth[AUTH_DESCRIPTOR]).toBe(authDescriptorOf(auth));
    expect(Object.isFrozen(authDescriptorOf(auth))).toBe(true);
    expect([authDescriptorOf({}), authDescriptorOf(null), authDescriptorOf(() => undefined)]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('refuses unusable options, naming them', () => {
    const cases: [unknown, string][] = [
      [
        { credential: [] },
        'basicAuth: option `credential` is not an option of basicAuth; did you mean `credentials`.',
      ],
      [{}, 'basicAuth: option `credentials` is missing: give one of `credentials`, `verify`.'],
      [
        { credentials: [{ username: 'a', password: 'b' }], verify: () => true },
        'basicAuth: option `verify` cannot be given with `credentials`: give one of `credentials`, `verify`.',
      ],
      [
        { credentials: [] },
        'basicAuth: option `credentials` must be a non-empty list of { username, password }, got an array.',
      ],
      [
        { credentials: [{ username: 'a:b', password: 'c' }] },
        'basicAuth: option `credentials[0].username` must be a non-empty string without `:` or control characters (RFC 7617), got "a:b".',
      ],
      [
        { credentials: [{ username: 'a', password: '' }] },
        'basicAuth: option `credentials[0].password` must be a non-empty string without control characters.',
      ],
      [
        { credentials: [{ username: 'a', pasword: 'x' }] },
        'basicAuth credentials[0]: option `pasword` is not an option of basicAuth credentials[0]; did you mean `password`.',
      ],
      [{ verify: 'yes' }, 'basicAuth: option `verify` must be a function, got "yes".'],
      [
        { verify: () => true, realm: 'say "hi"' },
        'basicAuth: option `realm` must be 1 to 128 printable ASCII characters without `"` or `\\`, got "say \\"hi\\"".',
      ],
      [{ verify: () => true, realm: 'a\r\nSet-Cookie: x=1' }, 'basicAuth: option `realm` must be'],
    ];
    for (const [options, message] of cases) {
      expect(() => basicAuth(options as never)).toThrow(message);
    }
  });
});
