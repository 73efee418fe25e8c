import { beforeAll, describe, expect, test } from '@jest/globals';
import { constants } from 'node:http2';
import { TextResponse } from '@framework/application';
import type { NodeServer } from '../../src';
import { createApp } from '../support/app';
import { type Certificate, selfSignedCertificate } from '../support/certificate';
import { http2Request, http2Session, portOf } from '../support/clients';
import { closedAfterEach } from '../support/closed-after-each';
import { type Field, RawHttp2Connection, requestFields } from '../support/raw-http2';
import { HTTP2_TRANSPORTS, serveOver } from '../support/transports';

// Hostile header blocks over HTTP/2, sent by a raw client that never acknowledges the server's
// SETTINGS (so Node has not applied maxHeaderListSize yet) and sends what node:http2's client refuses to.

let certificate: Certificate;
beforeAll(async () => {
  certificate = await selfSignedCertificate();
}, 30_000);

const { servers, sessions } = closedAfterEach();

const { NGHTTP2_ENHANCE_YOUR_CALM, NGHTTP2_INTERNAL_ERROR, NGHTTP2_PROTOCOL_ERROR } = constants;

/**
 * The resets of a stream over Node's count of header fields: Node resets it with ENHANCE_YOUR_CALM and
 * fails nghttp2's callback, whose own reset (INTERNAL_ERROR) a loaded machine sometimes sends first.
 */
const PAIR_LIMIT_RESETS = [NGHTTP2_ENHANCE_YOUR_CALM, NGHTTP2_INTERNAL_ERROR];

describe.each(HTTP2_TRANSPORTS)('hostile HTTP/2 header blocks, %s', (transport) => {
  const ca = (): string | undefined => (transport === 'h2' ? certificate.cert : undefined);
  const scheme = transport === 'h2' ? 'https' : 'http';
  const get = (path: string, extra: readonly Field[] = []): Field[] => [
    ...requestFields(scheme, 'GET', path),
    ...extra,
  ];

  /** A server whose /echo answers what the handler saw: its URL, its cookie and how many fields. */
  async function serve(): Promise<{ server: NodeServer; calls: () => number; raw: RawHttp2Connection }> {
    let calls = 0;
    const app = createApp();
    app.get('/echo', (request) => {
      calls += 1;
      const fields = Object.keys(request.headers).length;
      return new TextResponse(JSON.stringify({ url: request.url, cookie: request.header('cookie'), fields }));
    });
    app.get('/users/{id}', (request) => new TextResponse(`user ${request.params.id as string}`));
    const server = await serveOver(transport, app, certificate);
    servers.push(server);
    const raw = await RawHttp2Connection.open(portOf(server), ca());
    sessions.push(raw);
    return { server, calls: () => calls, raw };
  }

  test('a header list over 16 KiB is reset with ENHANCE_YOUR_CALM before the handler, SETTINGS acknowledged or not', async () => {
    const { server, calls, raw } = await serve();
    raw.headers(1, get('/echo', [['x-big', 'a'.repeat(20 * 1024)]]));
    raw.headers(3, get(`/echo?${'q'.repeat(20 * 1024)}`));
    raw.headers(5, get('/echo', [['x-big', 'a'.repeat(15 * 1024)]]));
    expect((await raw.end(1)).reset).toBe(NGHTTP2_ENHANCE_YOUR_CALM);
    expect((await raw.end(3)).reset).toBe(NGHTTP2_ENHANCE_YOUR_CALM);
    expect(JSON.parse((await raw.end(5)).body)).toMatchObject({ url: `${scheme}://localhost/echo` });
    expect(calls()).toBe(1);
    // A client that acknowledges SETTINGS is refused by Node itself.
    const client = http2Session(portOf(server), ca());
    sessions.push(client);
    await expect(
      http2Request(client, '/echo', { headers: { 'x-big': 'a'.repeat(20 * 1024) } }),
    ).rejects.toThrow('NGHTTP2_ENHANCE_YOUR_CALM');
    expect(calls()).toBe(1);
  });

  test('more than 128 header fields (pseudo-headers included) are reset before the handler; 128 are served', async () => {
    const { calls, raw } = await serve();
    const fields = (count: number): Field[] =>
      Array.from({ length: count }, (_, index) => [`x-field-${index}`, 'v'] as const);
    raw.headers(1, get('/echo', fields(125)));
    raw.headers(3, get('/echo', fields(124)));
    expect(PAIR_LIMIT_RESETS).toContain((await raw.end(1)).reset);
    expect(JSON.parse((await raw.end(3)).body)).toMatchObject({ fields: 128 });
    expect(calls()).toBe(1);
  });

  test('cookie crumbs are joined with "; " into one Cookie header and count toward the 128 fields', async () => {
    const { calls, raw } = await serve();
    const crumbs = (count: number): Field[] =>
      Array.from({ length: count }, (_, index) => ['cookie', `c${index}=${index}`] as const);
    raw.headers(1, get('/echo', crumbs(100)));
    raw.headers(3, get('/echo', crumbs(125)));
    const joined = Array.from({ length: 100 }, (_, index) => `c${index}=${index}`).join('; ');
    expect(JSON.parse((await raw.end(1)).body)).toMatchObject({ cookie: joined, fields: 5 });
    expect(PAIR_LIMIT_RESETS).toContain((await raw.end(3)).reset);
    expect(calls()).toBe(1);
  });

  test.each<[string, (fields: Field[]) => Field[]]>([
    ['no :path', (fields) => fields.filter(([name]) => name !== ':path')],
    ['a :path not starting with "/"', (fields) => withField(fields, ':path', 'echo')],
    ['an absolute-form :path', (fields) => withField(fields, ':path', 'http://evil.example/echo')],
    ['":path: *" with GET', (fields) => withField(fields, ':path', '*')],
    ['an invalid :method token', (fields) => withField(fields, ':method', 'G@T')],
    ['CONNECT with a :path', (fields) => withField(fields, ':method', 'CONNECT')],
    ['a :path holding a space', (fields) => withField(fields, ':path', '/echo x')],
    ['an upper-case header name', (fields) => [...fields, ['X-Upper', 'v']]],
    ['a Connection header', (fields) => [...fields, ['connection', 'keep-alive']]],
    ['a pseudo-header after a regular one', (fields) => [['x-first', 'v'], ...fields]],
  ])('%s is reset with PROTOCOL_ERROR before the handler; the session goes on', async (_name, malform) => {
    const { calls, raw } = await serve();
    raw.headers(1, malform(get('/echo')));
    raw.headers(3, get('/echo'));
    expect((await raw.end(1)).reset).toBe(NGHTTP2_PROTOCOL_ERROR);
    expect(JSON.parse((await raw.end(3)).body)).toMatchObject({ url: `${scheme}://localhost/echo` });
    expect(calls()).toBe(1);
  });

  test('OPTIONS * is answered 404 (nothing to route), not an error', async () => {
    const { raw } = await serve();
    raw.headers(1, requestFields(scheme, 'OPTIONS', '*'));
    expect(JSON.parse((await raw.end(1)).body)).toMatchObject({ status: 404 });
  });

  test('a Host header that disagrees with :authority is a 400 before the handler; an equal one is served, the URL from :authority', async () => {
    const { calls, raw } = await serve();
    const defaultPort = scheme === 'https' ? '443' : '80';
    raw.headers(1, get('/echo', [['host', 'evil.example']]));
    raw.headers(3, get('/echo', [['host', `LocalHost:${defaultPort}`]]));
    raw.headers(5, get('/echo', [['host', 'localhost:8443']]));
    const refused = JSON.parse((await raw.end(1)).body) as { status: number; detail: string };
    expect(refused).toMatchObject({ status: 400 });
    expect(refused.detail).toContain('"evil.example" names another authority than :authority "localhost"');
    expect(JSON.parse((await raw.end(3)).body)).toMatchObject({ url: `${scheme}://localhost/echo` });
    expect(JSON.parse((await raw.end(5)).body)).toMatchObject({ status: 400 });
    expect(calls()).toBe(1);
  });

  test('a long :path within the limit reaches routing (404 for a long param); malformed escapes are 400, never 500', async () => {
    const { raw } = await serve();
    raw.headers(1, get(`/users/${'a'.repeat(15 * 1024)}`));
    raw.headers(3, get('/users/%zz'));
    raw.headers(5, get('/users/%E0%A4%A'));
    raw.headers(7, get('/users/42'));
    expect(JSON.parse((await raw.end(1)).body)).toMatchObject({ status: 404 });
    expect(JSON.parse((await raw.end(3)).body)).toMatchObject({ status: 400 });
    expect(JSON.parse((await raw.end(5)).body)).toMatchObject({ status: 400 });
    expect((await raw.end(7)).body).toBe('user 42');
  });
});

function withField(fields: readonly Field[], name: string, value: string): Field[] {
  return fields.map((field) => (field[0] === name ? ([name, value] as const) : field));
}
