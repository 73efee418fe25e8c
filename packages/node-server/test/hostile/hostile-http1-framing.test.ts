import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { JsonResponse, TextResponse } from '@framework/application';
import { createApp } from '../support/app';
import { type Certificate, selfSignedCertificate } from '../support/certificate';
import { request } from './hostile-cases';
import { exchange, HTTP1_TRANSPORTS, serveOver, type ServedOver } from './transports';

// Request smuggling shapes over HTTP/1.1 and HTTPS, written by hand: each hostile request is followed
// on the same connection by a request a desynchronised server would read out of its body
// (`GET /smuggled`) and by a plain one (`GET /count`).

let certificate: Certificate;
beforeAll(async () => {
  certificate = await selfSignedCertificate();
}, 30_000);

const SMUGGLED = request('GET /smuggled');
const FOLLOWING = request('GET /count');
const post = (headers: readonly string[], body: string): string => request('POST /upload', headers, body);
const chunked = (body: string, te = 'Transfer-Encoding: chunked'): string => post([te], body);
const HELLO_CHUNKED = '5\r\nhello\r\n0\r\n\r\n';

/** Framings Node's strict parser refuses: a bare 400 (431 or 413 for sizes) and a close. */
const REFUSED: readonly (readonly [string, string])[] = [
  ['two equal Content-Length headers', post(['Content-Length: 5', 'Content-Length: 5'], 'hello')],
  ['two different Content-Length headers', post(['Content-Length: 5', 'Content-Length: 40'], 'hello')],
  [
    'Content-Length with Transfer-Encoding: chunked (CL.TE)',
    post(['Content-Length: 5', 'Transfer-Encoding: chunked'], '0\r\n\r\n'),
  ],
  [
    'Transfer-Encoding: chunked with Content-Length (TE.CL)',
    post(['Transfer-Encoding: chunked', 'Content-Length: 40'], HELLO_CHUNKED),
  ],
  ['Transfer-Encoding: chunked, identity', chunked(HELLO_CHUNKED, 'Transfer-Encoding: chunked, identity')],
  [
    'Transfer-Encoding twice',
    post(['Transfer-Encoding: chunked', 'Transfer-Encoding: chunked'], HELLO_CHUNKED),
  ],
  ['Transfer-Encoding: xchunked', chunked(HELLO_CHUNKED, 'Transfer-Encoding: xchunked')],
  ['a space before the colon of Transfer-Encoding', chunked(HELLO_CHUNKED, 'Transfer-Encoding : chunked')],
  ['a vertical tab before chunked', chunked(HELLO_CHUNKED, 'Transfer-Encoding:\u000bchunked')],
  ['an obs-fold continuation line', post(['Content-Length: 5', 'X-Folded: a', ' b'], 'hello')],
  [
    'Transfer-Encoding folded onto a continuation line',
    chunked(HELLO_CHUNKED, 'Transfer-Encoding:\r\n chunked'),
  ],
  ['bare LF line ends', 'POST /upload HTTP/1.1\nHost: localhost\nContent-Length: 5\n\nhello'],
  [
    'one header line ended by a bare LF',
    'POST /upload HTTP/1.1\r\nHost: localhost\nContent-Length: 5\r\n\r\nhello',
  ],
  ['a bare CR inside the header block', 'GET /count HTTP/1.1\r\nHost: localhost\rX-A: 1\r\n\r\n'],
  ['a chunk size past 64 bits', chunked('fffffffffffffffff\r\nhello\r\n0\r\n\r\n')],
  ['a chunk size that wraps to 5 in 64 bits', chunked('10000000000000005\r\nhello\r\n0\r\n\r\n')],
  ['a negative chunk size', chunked('-5\r\nhello\r\n0\r\n\r\n')],
  ['a chunk size with 0x', chunked('0x5\r\nhello\r\n0\r\n\r\n')],
  ['chunk data longer than its size', chunked('5\r\nhelloXX\r\n0\r\n\r\n')],
  ['chunk lines ended by bare LF', chunked('5\nhello\n0\n\n')],
  ['a Content-Length in the trailers', chunked('5\r\nhello\r\n0\r\nContent-Length: 40\r\n\r\n')],
];

/** Refused with another status (sizes past Node's caps, codings not decoded), and closed. */
const OTHER_REFUSALS: readonly (readonly [string, string, string])[] = [
  [
    'Transfer-Encoding: gzip, chunked (only chunked is decoded)',
    chunked(HELLO_CHUNKED, 'Transfer-Encoding: gzip, chunked'),
    'HTTP/1.1 501 Not Implemented',
  ],
  [
    'Transfer-Encoding: identity, chunked',
    chunked(HELLO_CHUNKED, 'Transfer-Encoding: identity, chunked'),
    'HTTP/1.1 501 Not Implemented',
  ],
  [
    'a chunk extension of 20 KiB (Node caps them at 16 KiB)',
    chunked(`5;${'e'.repeat(20 * 1024)}\r\nhello\r\n0\r\n\r\n`),
    'HTTP/1.1 413 Payload Too Large',
  ],
  [
    'trailers over 16 KiB',
    chunked(`5\r\nhello\r\n0\r\nX-Trailer: ${'t'.repeat(20 * 1024)}\r\n\r\n`),
    'HTTP/1.1 431 Request Header Fields Too Large',
  ],
];

/** Framings RFC 9112 allows: the body is read as framed, and the next request is read after it. */
const ACCEPTED: readonly (readonly [string, string])[] = [
  [
    'Transfer-Encoding: CHUNKED (coding names ignore case, RFC 9112 §7)',
    chunked(HELLO_CHUNKED, 'Transfer-Encoding: CHUNKED'),
  ],
  ['spaces and a tab around chunked (OWS)', chunked(HELLO_CHUNKED, 'Transfer-Encoding: \t chunked  ')],
  ['a chunk extension of 10 KiB (ignored)', chunked(`5;${'e'.repeat(10 * 1024)}\r\nhello\r\n0\r\n\r\n`)],
  ['chunk extensions with values', chunked('5;name=value;quoted="a;b"\r\nhello\r\n0\r\n\r\n')],
  [
    'trailer fields (read and dropped)',
    chunked('5\r\nhello\r\n0\r\nX-Trailer: 1\r\nHost: evil.example\r\n\r\n'),
  ],
];

describe.each(HTTP1_TRANSPORTS)('request smuggling shapes, %s', (transport) => {
  const ran: string[] = [];
  let served: ServedOver;
  beforeAll(async () => {
    const app = createApp();
    app.post(
      '/upload',
      async (req) =>
        new JsonResponse({
          body: await req.text(),
          trailer: req.header('x-trailer') ?? null,
          host: req.header('host'),
        }),
    );
    app.get('/count', () => {
      ran.push('count');
      return new TextResponse('counted');
    });
    app.get('/smuggled', () => {
      ran.push('smuggled');
      return new TextResponse('smuggled');
    });
    served = await serveOver(app, transport, certificate);
  });
  afterAll(() => served.close());

  async function expectRefused(bytes: string, statusLine: string): Promise<void> {
    ran.length = 0;
    const { answers, rest } = await exchange(served, [bytes + SMUGGLED + FOLLOWING]);
    expect(answers.map((answer) => answer.statusLine)).toEqual([statusLine]);
    expect(answers[0]?.headers['connection']).toBe('close');
    expect(rest).toBe('');
    expect(ran).toEqual([]);
  }

  test.each(REFUSED)('%s: 400 and a close; nothing after it is read', (_shape, bytes) =>
    expectRefused(bytes, 'HTTP/1.1 400 Bad Request'),
  );

  test.each(OTHER_REFUSALS)('%s: refused and closed; nothing after it is read', (_shape, bytes, statusLine) =>
    expectRefused(bytes, statusLine),
  );

  test.each(ACCEPTED)('%s: the body is read as framed, then the next request', async (_shape, bytes) => {
    ran.length = 0;
    const { answers, rest } = await exchange(served, [bytes + FOLLOWING], 2);
    expect(answers.map((answer) => `${answer.status} ${answer.body}`)).toEqual([
      '200 {"body":"hello","trailer":null,"host":"localhost"}',
      '200 counted',
    ]);
    expect(rest).toBe('');
    expect(ran).toEqual(['count']);
  });
});
