import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { fromFetch, TextResponse } from '@framework/application';
import { createApp } from '../support/app';
import { type Certificate, selfSignedCertificate } from '../support/certificate';
import { serveOver, type ServedOver, TRANSPORTS } from './transports';

// A fetch handler mounted with fromFetch() receives a WHATWG Request, whose URL parser resolves dot
// segments (`%2e` counts as a dot) and reads `\` as `/`, and frameworks decode percent-escapes before
// routing (Hono routes `/%61dmin` as `/admin`). Our routing takes all of them as text, so without a
// check `/legacy/x/../admin` or `/legacy/%61dmin` passes a guard piped at `/legacy/admin` and reaches
// the handler as `/admin`.

let certificate: Certificate;
beforeAll(async () => {
  certificate = await selfSignedCertificate();
}, 30_000);

describe.each(TRANSPORTS)('a fetch handler mounted with fromFetch, %s', (transport) => {
  const seen: string[] = [];
  const reported: unknown[] = [];
  let served: ServedOver;
  beforeAll(async () => {
    const app = createApp({ onError: (error) => reported.push(error) });
    app.pipe('/legacy/admin', () => new TextResponse('guarded', { status: 403 }));
    app.pipe(
      '/legacy',
      fromFetch((request) => {
        const path = new URL(request.url).pathname;
        seen.push(path);
        return new Response(`handler saw ${path}`);
      }),
    );
    served = await serveOver(app, transport, certificate);
  });
  afterAll(() => served.close());

  test.each([
    '/legacy/x/../admin',
    '/legacy/x/%2e%2e/admin',
    '/legacy/x/.%2E/admin',
    '/legacy/x/%2E./admin/',
    '/legacy/./admin',
    '/legacy/x/%2e/../admin',
    '/legacy/..',
    '/legacy/x\\..\\admin',
    '/legacy/%61dmin',
    '/legacy/%41%44MIN',
    '/legacy/adm%69n/x',
    '/legacy/caf%c3%a9',
    '/legacy/a%7Eb',
  ])('%s answers 400 without reaching the handler', async (path) => {
    const before = seen.length;
    const answer = await served.send({ path });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('FRAMEWORK_ERR_REQUEST_MALFORMED_URL');
    expect(seen.length).toBe(before);
  });

  test.each([
    ['/legacy/a..b/.c/...', '/a..b/.c/...'],
    ['/legacy/users/7', '/users/7'],
    ['/legacy/caf%C3%A9/a%20b%2Fc', '/caf%C3%A9/a%20b%2Fc'],
    ['/legacy/100%25', '/100%25'],
  ])('%s reaches the handler as %s', async (path, expected) => {
    const answer = await served.send({ path });
    expect(answer.status).toBe(200);
    expect(answer.body).toBe(`handler saw ${expected}`);
  });

  // Node's HTTP/1.1 parser refuses TRACK itself (400); HTTP/2 carries any method.
  const forbidden = transport === 'h2' || transport === 'h2c' ? ['TRACE', 'TRACK'] : ['TRACE'];
  test.each(forbidden)(
    '%s, which no WHATWG Request carries, answers 501 without a report',
    async (method) => {
      const before = seen.length;
      const answer = await served.send({ method, path: '/legacy/x' });
      expect(answer.status).toBe(501);
      expect(answer.body).toContain(`cannot receive a ${method} request`);
      expect(seen.length).toBe(before);
      expect(reported).toEqual([]);
    },
  );

  test('the guard still answers its own path', async () => {
    expect((await served.send({ path: '/legacy/admin' })).status).toBe(403);
  });
});
