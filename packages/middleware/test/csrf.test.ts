import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Application, JsonResponse, TextResponse } from '@framework/application';
import { FindMyWayRouter } from '@framework/router-fmw';
import { csrf, csrfToken, getSession, session } from '../src';
import { appWith, listen, send, type Served } from './support/app';
import { CookieJar } from './support/cookie-jar';

const SECRET = 'a-session-secret-of-at-least-32-characters';
const TRUSTED = 'https://app.example.com';

function csrfApp(): Application {
  const app = appWith(session({ secret: SECRET }), csrf({ trustedOrigins: [TRUSTED] }));
  app.get('/form', async (request) => new JsonResponse({ token: await csrfToken(request) }));
  app.route('/transfer', () => new TextResponse('done'), ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
  app.post('/comment', async (request) => new JsonResponse({ text: (await request.form()).text }));
  app.post('/login', async (request) => {
    await getSession(request).regenerate({ userId: 'u-1' });
    return new TextResponse('signed in');
  });
  return app;
}

/** A client without Sec-Fetch-Site or Origin: it gets a token from /form with its session cookie. */
async function tokenClient(origin: string): Promise<{ jar: CookieJar; token: string }> {
  const jar = new CookieJar();
  const answer = await send(origin, '/form');
  jar.take(answer.headers);
  return { jar, token: (JSON.parse(answer.body.toString()) as { token: string }).token };
}

function problem(body: Buffer): { status: number; code: string } {
  return JSON.parse(body.toString()) as { status: number; code: string };
}

describe('csrf() over a socket', () => {
  let served: Served;
  beforeAll(async () => (served = await listen(csrfApp())));
  afterAll(() => served.close());

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])(
    'refuses a cross-site %s (Origin of another site) with 403 problem+json',
    async (method) => {
      const answer = await send(served.origin, '/transfer', {
        method,
        headers: { origin: 'https://evil.example' },
      });
      expect(answer.status).toBe(403);
      expect(answer.headers['content-type']).toBe('application/problem+json');
      expect(problem(answer.body)).toMatchObject({ status: 403, code: 'FRAMEWORK_ERR_CSRF_CROSS_SITE' });
    },
  );

  it('refuses Sec-Fetch-Site: cross-site, and same-site from an origin that is not trusted', async () => {
    for (const site of ['cross-site', 'same-site', 'bogus']) {
      const answer = await send(served.origin, '/transfer', {
        method: 'POST',
        headers: { 'sec-fetch-site': site, origin: 'https://sub.127.0.0.1.example' },
      });
      expect([site, answer.status, problem(answer.body).code]).toEqual([
        site,
        403,
        'FRAMEWORK_ERR_CSRF_CROSS_SITE',
      ]);
    }
  });

  it('trusts Sec-Fetch-Site over an Origin that claims to be the site', async () => {
    const answer = await send(served.origin, '/transfer', {
      method: 'POST',
      headers: { 'sec-fetch-site': 'cross-site', origin: served.origin },
    });
    expect(answer.status).toBe(403);
  });

  it('refuses Origin: null', async () => {
    const answer = await send(served.origin, '/transfer', { method: 'POST', headers: { origin: 'null' } });
    expect([answer.status, problem(answer.body).code]).toEqual([403, 'FRAMEWORK_ERR_CSRF_CROSS_SITE']);
  });

  it('allows same-origin requests: Sec-Fetch-Site same-origin or none, or the request origin', async () => {
    const cases: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      { origin: served.origin },
      { 'sec-fetch-site': 'same-site', origin: TRUSTED },
      { origin: TRUSTED },
    ];
    for (const headers of cases) {
      const answer = await send(served.origin, '/transfer', { method: 'POST', headers });
      expect([headers, answer.status, answer.body.toString()]).toEqual([headers, 200, 'done']);
    }
  });

  it('allows GET whatever the headers say', async () => {
    const answer = await send(served.origin, '/transfer', {
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    });
    expect(answer.status).toBe(200);
  });

  it('requires a token when neither Sec-Fetch-Site nor Origin is sent', async () => {
    const answer = await send(served.origin, '/transfer', { method: 'POST' });
    expect(answer.status).toBe(403);
    expect(problem(answer.body)).toMatchObject({
      code: 'FRAMEWORK_ERR_CSRF_TOKEN',
      detail:
        'The request has neither Sec-Fetch-Site nor Origin, and no CSRF token (send the token of csrfToken(request) in x-csrf-token or the form field _csrf).',
    });
  });

  it('accepts the session’s token in the header or in a urlencoded form field, and the handler still reads the form', async () => {
    const { jar, token } = await tokenClient(served.origin);
    const byHeader = await send(served.origin, '/transfer', {
      method: 'POST',
      headers: { ...jar.header(), 'x-csrf-token': token },
    });
    expect([byHeader.status, byHeader.body.toString()]).toEqual([200, 'done']);
    const byForm = await send(served.origin, '/comment', {
      method: 'POST',
      headers: { ...jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: `text=hello&_csrf=${token}`,
    });
    expect([byForm.status, JSON.parse(byForm.body.toString())]).toEqual([200, { text: 'hello' }]);
  });

  it('masks each token differently, and every one of them verifies', async () => {
    const { jar } = await tokenClient(served.origin);
    const tokens = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const answer = await send(served.origin, '/form', { headers: jar.header() });
      tokens.add((JSON.parse(answer.body.toString()) as { token: string }).token);
    }
    expect(tokens.size).toBe(3);
    for (const token of tokens) {
      const answer = await send(served.origin, '/transfer', {
        method: 'POST',
        headers: { ...jar.header(), 'x-csrf-token': token },
      });
      expect(answer.status).toBe(200);
    }
  });

  it('refuses a token of another session, a token without its session, a forged one, and one from before sign-in', async () => {
    const mine = await tokenClient(served.origin);
    const theirs = await tokenClient(served.origin);
    const attempts: Array<Record<string, string>> = [
      { ...mine.jar.header(), 'x-csrf-token': theirs.token },
      { 'x-csrf-token': mine.token },
      { ...mine.jar.header(), 'x-csrf-token': 'A'.repeat(86) },
      { ...mine.jar.header(), 'x-csrf-token': 'not a token' },
    ];
    for (const headers of attempts) {
      const answer = await send(served.origin, '/transfer', { method: 'POST', headers });
      expect([answer.status, problem(answer.body).code]).toEqual([403, 'FRAMEWORK_ERR_CSRF_TOKEN']);
    }
    const login = await send(served.origin, '/login', {
      method: 'POST',
      headers: { ...mine.jar.header(), 'x-csrf-token': mine.token },
    });
    expect(login.status).toBe(200);
    mine.jar.take(login.headers);
    const stale = await send(served.origin, '/transfer', {
      method: 'POST',
      headers: { ...mine.jar.header(), 'x-csrf-token': mine.token },
    });
    expect(stale.status).toBe(403);
  });
});

describe('csrf() without session()', () => {
  it('still checks headers, and says session() is missing only when a token is needed', async () => {
    const errors: unknown[] = [];
    const app = new Application(new FindMyWayRouter(), {
      development: false,
      onError: (error) => errors.push(error),
    });
    app.pipe(csrf());
    app.pipeRoutingMiddleware();
    app.pipeDispatchMiddleware();
    app.post('/x', () => new TextResponse('ok'));
    const served = await listen(app);
    try {
      expect(
        (await send(served.origin, '/x', { method: 'POST', headers: { 'sec-fetch-site': 'same-origin' } }))
          .status,
      ).toBe(200);
      expect((await send(served.origin, '/x', { method: 'POST' })).status).toBe(500);
      expect(errors).toEqual([expect.objectContaining({ code: 'FRAMEWORK_ERR_CSRF_NO_SESSION' })]);
    } finally {
      await served.close();
    }
  });

  it('refuses options it cannot use, by name', () => {
    expect(() => csrf({ trustedOrigins: ['https://app.example.com/'] })).toThrow(
      'csrf: option `trustedOrigins` holds "https://app.example.com/", which is not an origin as browsers send it (scheme://host[:port], lower case, no path or trailing /).',
    );
    expect(() => csrf({ trustedOrigins: ['null'] })).toThrow('option `trustedOrigins` holds "null"');
    expect(() => csrf({ headerName: 'x csrf' })).toThrow('csrf: option `headerName` must be a header name.');
    expect(() => csrf({ origin: TRUSTED } as never)).toThrow(
      'csrf: option `origin` is not an option of csrf',
    );
  });
});
