import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { JsonResponse, RedirectResponse, TextResponse } from '@framework/application';
import { createApp } from '../support/app';
import { type Certificate, selfSignedCertificate } from '../support/certificate';
import { request } from './hostile-cases';
import { exchange, HTTP1_TRANSPORTS, serveOver, type ServedOver } from './transports';

// Request targets, Host headers and answers a handler builds from hostile input, over HTTP/1.1 and
// HTTPS, written by hand; each exchange ends with a plain request on the same connection.

let certificate: Certificate;
beforeAll(async () => {
  certificate = await selfSignedCertificate();
}, 30_000);

const FOLLOWING = request('GET /count');
const withHost = (line: string, host: string): string => `${line} HTTP/1.1\r\nHost: ${host}\r\n\r\n`;
const scheme = (transport: string): string => (transport === 'HTTPS' ? 'https' : 'http');

describe.each(HTTP1_TRANSPORTS)('hostile request targets and Host headers, %s', (transport) => {
  const ran: string[] = [];
  let served: ServedOver;
  beforeAll(async () => {
    const app = createApp();
    app.get('/info', (req) => {
      ran.push('info');
      return new JsonResponse({ url: req.url, host: req.header('host') ?? null, path: req.path });
    });
    app.get('/users/{id}', (req) => new JsonResponse({ id: req.params.id }));
    app.get('/static', () => new TextResponse('static'));
    app.get('/count', () => new TextResponse('counted'));
    app.get(
      '/header',
      (req) => new TextResponse('x', { headers: { [String(req.query.name)]: String(req.query.value) } }),
    );
    app.get('/status', (req) => new TextResponse('x', { status: Number(req.query.code) }));
    app.get(
      '/web-status',
      (req) =>
        new Response('x', { status: Number(req.query.code), statusText: String(req.query.text ?? '') }),
    );
    app.get('/redirect', (req) => new RedirectResponse(String(req.query.to)));
    served = await serveOver(app, transport, certificate);
  });
  afterAll(() => served.close());

  async function infoOf(bytes: string): Promise<unknown> {
    const { answers } = await exchange(served, [bytes + FOLLOWING], 2);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    return JSON.parse(answers[0]?.body ?? '');
  }

  test('absolute-form with another Host: the target’s authority wins (RFC 9112 §3.2.2) in request.url and Host; routing takes the path', async () => {
    expect(await infoOf(request('GET http://other.example/info?q=1'))).toEqual({
      url: 'http://other.example/info?q=1',
      host: 'other.example',
      path: '/info',
    });
    expect(await infoOf(withHost('GET https://other.example:8443/info', 'evil.example'))).toEqual({
      url: 'https://other.example:8443/info',
      host: 'other.example:8443',
      path: '/info',
    });
  });

  test.each([
    ['example.com:8080', `example.com:8080`],
    ['[::1]:3000', '[::1]:3000'],
    ['127.0.0.1', '127.0.0.1'],
    ['xn--caf-dma.example', 'xn--caf-dma.example'],
  ])('Host %s is an authority: it is served and builds request.url', async (host, expected) => {
    expect(await infoOf(withHost('GET /info', host))).toEqual({
      url: `${scheme(transport)}://${expected}/info`,
      host,
      path: '/info',
    });
  });

  test.each([
    [
      'two Host headers',
      ['Host: a.example', 'Host: b.example'],
      'The request carries 2 Host headers; send exactly one.',
    ],
    ['userinfo', ['Host: user:pw@evil.example'], /"user:pw@evil\.example" is not a host/],
    ['a path and query', ['Host: evil.example/admin?x='], /"evil\.example\/admin\?x=" is not a host/],
    ['a fragment', ['Host: evil.example#x'], /is not a host/],
    ['a space', ['Host: a b'], /is not a host/],
    ['an empty value', ['Host:'], /"" is not a host/],
  ])('a Host with %s answers 400 with Connection: close, before any route', async (_case, hosts, detail) => {
    ran.length = 0;
    const bytes = `GET /info HTTP/1.1\r\n${hosts.join('\r\n')}\r\n\r\n`;
    const { answers, rest } = await exchange(served, [bytes + FOLLOWING]);
    expect(answers.map((answer) => answer.statusLine)).toEqual(['HTTP/1.1 400 Bad Request']);
    expect(answers[0]?.headers['connection']).toBe('close');
    expect(JSON.parse(answers[0]?.body ?? '').detail).toMatch(detail);
    expect(rest).toBe('');
    expect(ran).toEqual([]);
  });

  test('HTTP/1.1 without Host is Node’s 400; HTTP/1.0 without Host is served on localhost, or on the authority of an absolute-form target', async () => {
    const hostless = await exchange(served, ['GET /info HTTP/1.1\r\n\r\n' + FOLLOWING]);
    expect(hostless.answers.map((answer) => answer.statusLine)).toEqual(['HTTP/1.1 400 Bad Request']);
    const old = await exchange(served, ['GET /info HTTP/1.0\r\n\r\n']);
    expect(JSON.parse(old.answers[0]?.body ?? '')).toMatchObject({
      url: `${scheme(transport)}://localhost/info`,
    });
    const absolute = await exchange(served, ['GET http://other.example/info HTTP/1.0\r\n\r\n']);
    expect(JSON.parse(absolute.answers[0]?.body ?? '')).toEqual({
      url: 'http://other.example/info',
      host: 'other.example',
      path: '/info',
    });
  });

  test('authority-form: CONNECT is closed unanswered (no tunnel), GET and POST are Node’s 400', async () => {
    const connect = await exchange(served, ['CONNECT localhost:443 HTTP/1.1\r\nHost: localhost:443\r\n\r\n']);
    expect([connect.answers, connect.rest]).toEqual([[], '']);
    for (const method of ['GET', 'POST']) {
      const { answers } = await exchange(served, [request(`${method} localhost:443`) + FOLLOWING]);
      expect(answers.map((answer) => answer.statusLine)).toEqual(['HTTP/1.1 400 Bad Request']);
    }
  });

  test.each(['GET', 'POST', 'DELETE'])(
    'asterisk-form with %s is a 400 problem; the connection serves on',
    async (method) => {
      const { answers } = await exchange(
        served,
        [request(`${method} *`, ['Content-Length: 0']) + FOLLOWING],
        2,
      );
      expect(answers.map((answer) => `${answer.status} ${answer.headers['content-type']}`)).toEqual([
        '400 application/problem+json',
        '200 text/plain; charset=utf-8',
      ]);
      expect(JSON.parse(answers[0]?.body ?? '').code).toBe('FRAMEWORK_ERR_REQUEST_MALFORMED_URL');
    },
  );

  test('a 20 KiB target is a 431 and a close', async () => {
    const { answers } = await exchange(served, [request(`GET /${'a'.repeat(20 * 1024)}`) + FOLLOWING]);
    expect(answers.map((answer) => answer.statusLine)).toEqual([
      'HTTP/1.1 431 Request Header Fields Too Large',
    ]);
  });

  test.each([
    ['/users/a%00b', '200 {"id":"a\\u0000b"}'],
    ['/users/%2e%2e', '200 {"id":".."}'],
    ['/x/%2e%2e/static', '404'],
    ['/x/../static', '404'],
    ['/static%00', '404'],
  ])('%s routes as received, dot segments unresolved (never a 500)', async (path, expected) => {
    const { answers } = await exchange(served, [request(`GET ${path}`) + FOLLOWING], 2);
    const [first] = answers;
    expect(first?.status === 200 ? `200 ${first.body}` : String(first?.status)).toBe(expected);
    expect(answers[1]?.body).toBe('counted');
  });

  test.each([
    ['a header value with CR/LF', '/header?name=x-a&value=a%0d%0aSet-Cookie:%20injected=1'],
    ['a header value with LF', '/header?name=x-a&value=a%0aSet-Cookie:%20injected=1'],
    ['a header value with NUL', '/header?name=x-a&value=a%00b'],
    ['a header name with a space', '/header?name=x%20a&value=v'],
    ['a header name with a colon', '/header?name=set-cookie:injected&value=v'],
    ['a header name with CR/LF', '/header?name=x%0d%0aSet-Cookie:%20injected=1&value=v'],
    ['an empty header name', '/header?name=&value=v'],
    ['status 99', '/status?code=99'],
    ['status 100', '/status?code=100'],
    ['status 101', '/status?code=101'],
    ['status 600', '/status?code=600'],
    ['status 1000', '/status?code=1000'],
    ['status NaN', '/status?code=x'],
    ['a Response with status 99', '/web-status?code=99'],
    ['a status text with CR/LF', '/web-status?code=200&text=OK%0d%0aSet-Cookie:%20injected=1'],
    ['a redirect Location with CR/LF', '/redirect?to=/a%0d%0aSet-Cookie:%20injected=1'],
  ])('%s is never written: 500, nothing injected, the connection serves on', async (_case, path) => {
    const { answers } = await exchange(served, [request(`GET ${path}`) + FOLLOWING], 2);
    expect(answers.map((answer) => answer.statusLine)).toEqual([
      'HTTP/1.1 500 Internal Server Error',
      'HTTP/1.1 200 OK',
    ]);
    for (const answer of answers) {
      expect(answer.rawHead).not.toMatch(/injected|set-cookie/i);
    }
    expect(answers[1]?.body).toBe('counted');
  });
});
