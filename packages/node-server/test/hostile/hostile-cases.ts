import { expect } from '@jest/globals';
import type { RawStep } from '../support/raw-http';
import type { HostileApp } from './hostile-app';

/** What one answer on the connection must be. */
export interface ExpectedAnswer {
  /** The whole status line, reason phrase included. */
  readonly statusLine: string;
  /** Lower-case header names; `null` means the header must be absent. */
  readonly headers?: Readonly<Record<string, string | RegExp | null>>;
  /** The body exactly, a pattern it matches, or (for problem details) the `code` it must not hide. */
  readonly body?: string | RegExp;
}

/** One hostile exchange over a fresh connection, run against every adapter. */
export interface HostileCase {
  readonly name: string;
  /** The raw bytes (or steps: bytes and pauses) the client sends. */
  readonly send: string | readonly RawStep[];
  /** The answers in order. Nothing more may come before the connection closes. */
  readonly answers: readonly ExpectedAnswer[];
  /** Indexes of the answers to HEAD requests (they carry no body). */
  readonly headAnswers?: readonly number[];
  /**
   * The server must close the connection by itself. Otherwise the client half-closes once the answers
   * have come, and nothing more may follow them.
   */
  readonly serverCloses?: boolean;
  /** How many errors the case must report to `onError` (default 0: client faults are not logged). */
  readonly reports?: number;
  /** A further check on the application (what its registration refused). */
  readonly check?: (hostile: HostileApp) => void;
}

/** A request: request line, `Host`, the extra header lines, and the body. */
export function request(line: string, headers: readonly string[] = [], body = ''): string {
  return `${line} HTTP/1.1\r\n${['Host: localhost', ...headers].join('\r\n')}\r\n\r\n${body}`;
}

const get = (path: string, headers: readonly string[] = []): string => request(`GET ${path}`, headers);
const head = (path: string): string => request(`HEAD ${path}`);
const postJson = (path: string, json: string): string =>
  request(
    `POST ${path}`,
    ['Content-Type: application/json', `Content-Length: ${Buffer.byteLength(json)}`],
    json,
  );

const PROBLEM = 'application/problem+json';
const ok = (body?: string | RegExp, headers?: ExpectedAnswer['headers']): ExpectedAnswer => ({
  statusLine: 'HTTP/1.1 200 OK',
  body,
  headers,
});
const problem = (statusLine: string, headers: ExpectedAnswer['headers'] = {}): ExpectedAnswer => {
  const [, status = '', ...reason] = statusLine.split(' ');
  return {
    statusLine,
    headers: { 'content-type': PROBLEM, ...headers },
    body: new RegExp(`^\\{"type":"about:blank","title":"${reason.join(' ')}","status":${status}[,}]`),
  };
};
const badRequest = problem('HTTP/1.1 400 Bad Request');
const notFound = problem('HTTP/1.1 404 Not Found');
const internalError = problem('HTTP/1.1 500 Internal Server Error');
/** Node's own refusal of a request it cannot parse: no body of ours, and the connection closes. */
const nodeBadRequest: ExpectedAnswer = {
  statusLine: 'HTTP/1.1 400 Bad Request',
  headers: { connection: 'close' },
};

/** The table: defects that were found, behaviours that held, HEAD on every kind of route, pipelining. */
export const HOSTILE_CASES: readonly HostileCase[] = [
  // Bounded matching (multi-placeholder split, one maxParamLength).
  {
    name: 'a 14 kB multi-placeholder segment is a 404',
    send: get(`/files/${'a.'.repeat(7000)}txt`),
    answers: [notFound],
  },
  {
    name: 'a multi-placeholder segment within the param limit matches',
    send: get(`/files/${'a.'.repeat(40)}json`),
    answers: [ok(`{"name":"${'a.'.repeat(39)}a","ext":"json"}`)],
  },
  {
    name: 'a param of 100 characters matches',
    send: get(`/users/${'u'.repeat(100)}`),
    answers: [ok(`{"id":"${'u'.repeat(100)}"}`)],
  },
  {
    name: 'a param of 101 characters fails the route: 404',
    send: get(`/users/${'u'.repeat(101)}`),
    answers: [notFound],
  },
  { name: 'an 8 kB path is a 404', send: get(`/${'x'.repeat(8192)}`), answers: [notFound] },
  // Vetted tokens.
  {
    name: 'an unsafe token is refused at setOptions; the ReDoS path is a 404 under the safe one',
    send: get(`/redos/${'a'.repeat(25)}!`),
    answers: [notFound],
    check: ({ unsafeTokenError }) =>
      expect(unsafeTokenError).toMatchObject({ code: 'FRAMEWORK_ERR_ROUTE_UNSAFE_TOKEN' }),
  },
  { name: 'the safe token still matches', send: get('/redos/aaaa'), answers: [ok('aaaa')] },
  // Faults contained.
  {
    name: 'a thrown value whose getters throw answers 500',
    send: get('/throw-poisoned'),
    answers: [internalError],
    reports: 1,
  },
  {
    name: 'a rejected value whose getters throw answers 500',
    send: get('/reject-poisoned'),
    answers: [internalError],
    reports: 1,
  },
  {
    name: 'an error answers 500 without its message, stack or paths',
    send: get('/throw-error'),
    answers: [
      { ...internalError, body: /^\{"type":"about:blank","title":"Internal Server Error","status":500\}$/ },
    ],
    reports: 1,
  },
  {
    name: 'a response-like object with status 700 answers 500 Internal Server Error',
    send: get('/status-700'),
    answers: [internalError],
    reports: 1,
  },
  // Timeouts.
  {
    name: 'a handler that never settles gets 503 from timeout()',
    send: get('/hang'),
    answers: [problem('HTTP/1.1 503 Service Unavailable')],
  },
  // Bodies.
  {
    name: 'a declared 10 GB body gets an early 413 with Connection: close, unread',
    send: request('POST /upload', ['Content-Length: 10737418240']),
    answers: [problem('HTTP/1.1 413 Payload Too Large', { connection: 'close' })],
    serverCloses: true,
  },
  {
    name: 'a chunked body over the 1 MiB limit gets 413 with Connection: close',
    send: [
      request('POST /upload', ['Transfer-Encoding: chunked']),
      `100001\r\n${'b'.repeat(0x100001)}\r\n0\r\n\r\n`,
    ],
    answers: [problem('HTTP/1.1 413 Payload Too Large', { connection: 'close' })],
  },
  {
    name: 'a malformed chunked body is Node’s 400 and is not reported as a server error',
    send: request('POST /upload', ['Transfer-Encoding: chunked'], 'zz\r\nhello\r\n0\r\n\r\n'),
    answers: [nodeBadRequest],
  },
  {
    name: 'a body within the limit is read',
    send: request('POST /upload', ['Content-Length: 5'], 'hello'),
    answers: [ok('read 5')],
  },
  { name: 'invalid JSON is a 400', send: postJson('/json', '{"a":'), answers: [badRequest] },
  // Responses.
  {
    name: 'a header value Node refuses gives 500 Internal Server Error, not the response’s own reason',
    send: get('/bad-header'),
    answers: [{ statusLine: 'HTTP/1.1 500 Internal Server Error', headers: { 'x-bad': null } }],
    reports: 1,
  },
  {
    name: 'a redirect to a location with CR/LF is refused: 500, nothing injected',
    send: get('/redirect-crlf'),
    answers: [
      { ...internalError, headers: { ...internalError.headers, location: null, 'set-cookie': null } },
    ],
    reports: 1,
  },
  {
    name: 'a redirect to a non-ASCII location is a 302 with the location percent-encoded',
    send: get('/redirect-unicode'),
    answers: [{ statusLine: 'HTTP/1.1 302 Found', headers: { location: '/caf%C3%A9/%E2%98%83' } }],
  },
  // Request targets.
  { name: 'http:///admin (empty host) is a 400', send: get('http:///admin'), answers: [badRequest] },
  { name: 'https:///admin (empty host) is a 400', send: get('https:///admin'), answers: [badRequest] },
  {
    name: 'http://localhost/admin (absolute form) is routed by its path',
    send: get('http://localhost/admin'),
    answers: [ok('admin area')],
  },
  { name: 'ftp://host/static is a 400', send: get('ftp://host/static'), answers: [badRequest] },
  { name: 'OPTIONS * is a 404', send: request('OPTIONS *'), answers: [notFound] },
  // Malformed escapes.
  { name: 'a truncated escape in a param is a 400', send: get('/users/%E0%A4%A'), answers: [badRequest] },
  { name: 'a bare % in a static path is a 400', send: get('/static%'), answers: [badRequest] },
  { name: 'a non-hex escape is a 400', send: get('/users/%zz'), answers: [badRequest] },
  { name: 'an escape that is not UTF-8 is a 400', send: get('/users/%FF'), answers: [badRequest] },
  // Smuggling and framing: Node refuses, and closes.
  {
    name: 'Transfer-Encoding with Content-Length is a 400 and a close',
    send: request('POST /upload', ['Transfer-Encoding: chunked', 'Content-Length: 5'], '0\r\n\r\n'),
    answers: [nodeBadRequest],
    serverCloses: true,
  },
  {
    name: 'two different Content-Length headers are a 400 and a close',
    send: request('POST /upload', ['Content-Length: 5', 'Content-Length: 6'], 'hello!'),
    answers: [nodeBadRequest],
    serverCloses: true,
  },
  {
    name: 'a Content-Length that is not a number is a 400 and a close',
    send: request('POST /upload', ['Content-Length: 5x'], 'hello'),
    answers: [nodeBadRequest],
    serverCloses: true,
  },
  {
    name: 'a space before the colon of a header is a 400 and a close',
    send: request('GET /static', ['X-Test : 1']),
    answers: [nodeBadRequest],
    serverCloses: true,
  },
  {
    name: 'HTTP/1.1 without Host is a 400',
    send: 'GET /static HTTP/1.1\r\n\r\n',
    answers: [nodeBadRequest],
    serverCloses: true,
  },
  {
    name: 'a method with invalid characters is a 400',
    send: 'G@T /static HTTP/1.1\r\nHost: x\r\n\r\n',
    answers: [nodeBadRequest],
    serverCloses: true,
  },
  {
    name: 'headers over 16 kB are a 431',
    send: get('/static', [`X-Big: ${'h'.repeat(17_000)}`]),
    answers: [
      { statusLine: 'HTTP/1.1 431 Request Header Fields Too Large', headers: { connection: 'close' } },
    ],
    serverCloses: true,
  },
  // Prototype pollution.
  { name: '/__proto__ is a 404', send: get('/__proto__'), answers: [notFound] },
  { name: '/constructor/prototype is a 404', send: get('/constructor/prototype'), answers: [notFound] },
  {
    name: 'a param named by its value __proto__ is just a string',
    send: get('/users/__proto__'),
    answers: [ok('{"id":"__proto__"}')],
  },
  {
    name: 'a param valued constructor is just a string',
    send: get('/users/constructor'),
    answers: [ok('{"id":"constructor"}')],
  },
  {
    name: 'a multi-placeholder split into __proto__.json',
    send: get('/files/__proto__.json'),
    answers: [ok('{"name":"__proto__","ext":"json"}')],
  },
  {
    name: 'query keys __proto__ and constructor stay plain keys',
    send: get('/query?__proto__[polluted]=1&constructor[prototype][polluted]=1&__proto__=x&toString=y'),
    answers: [
      ok('{"keys":["__proto__[polluted]","constructor[prototype][polluted]","__proto__","toString"]}'),
    ],
  },
  {
    name: 'a JSON body with __proto__ is a 400',
    send: postJson('/json', '{"__proto__":{"polluted":1}}'),
    answers: [badRequest],
  },
  {
    name: 'a JSON body with constructor.prototype is a 400',
    send: postJson('/json', '{"constructor":{"prototype":{"polluted":1}}}'),
    answers: [badRequest],
  },
  {
    name: 'a plain JSON body is read',
    send: postJson('/json', '{"a":1,"constructor":2}'),
    answers: [ok('{"keys":["a","constructor"],"prototype":false}')],
  },
  {
    name: 'a header named constructor is a plain header; Node drops one named __proto__',
    send: get('/headers', ['__proto__: polluted', 'constructor: x']),
    answers: [ok('{"names":["host","constructor"]}')],
  },
  // CRLF injection.
  {
    name: 'a param holding CR/LF written into a header is refused: 500, nothing injected',
    send: get('/echo/a%0d%0aSet-Cookie:%20injected=1'),
    answers: [
      { statusLine: 'HTTP/1.1 500 Internal Server Error', headers: { 'set-cookie': null, 'x-echo': null } },
    ],
    reports: 1,
  },
  {
    name: 'a safe param is echoed in a header',
    send: get('/echo/plain'),
    answers: [ok('echo', { 'x-echo': 'plain' })],
  },
  {
    name: 'CR/LF escapes in an unknown path stay in a 404',
    send: get('/nope%0d%0aSet-Cookie:%20injected=1'),
    answers: [notFound],
  },
  {
    name: 'a bare LF in the request line ends it; the text after it is never echoed',
    send: 'GET /static\nSet-Cookie: injected=1 HTTP/1.1\r\nHost: x\r\n\r\n',
    answers: [ok('static', { 'set-cookie': null })],
  },
  // Methods.
  {
    name: 'a method the path lacks is a 405 with Allow',
    send: request('DELETE /static'),
    answers: [problem('HTTP/1.1 405 Method Not Allowed', { allow: 'GET, HEAD, OPTIONS' })],
  },
  {
    name: 'OPTIONS on a param route answers Allow',
    send: request('OPTIONS /users/1'),
    answers: [ok('', { allow: 'GET, HEAD, OPTIONS', 'content-length': '0' })],
  },
  { name: 'an any-method route answers PATCH', send: request('PATCH /any'), answers: [ok('any PATCH')] },
  // HEAD on every kind of route.
  {
    name: 'HEAD on a static route',
    send: head('/static'),
    headAnswers: [0],
    answers: [ok('', { 'content-length': '6', 'content-type': 'text/plain; charset=utf-8' })],
  },
  {
    name: 'HEAD on a param route',
    send: head('/users/7'),
    headAnswers: [0],
    answers: [ok('', { 'content-length': '10', 'content-type': 'application/json' })],
  },
  {
    name: 'HEAD on a multi-placeholder route',
    send: head('/files/a.csv'),
    headAnswers: [0],
    answers: [ok('', { 'content-length': '24' })],
  },
  {
    name: 'HEAD on an any-method route',
    send: head('/any'),
    headAnswers: [0],
    answers: [ok('', { 'content-length': '8' })],
  },
  {
    name: 'HEAD on an explicit HEAD route',
    send: head('/head-only'),
    headAnswers: [0],
    answers: [ok('', { 'x-head-route': 'yes' })],
  },
  {
    name: 'HEAD on an unknown path is a 404 without body',
    send: head('/nope'),
    headAnswers: [0],
    answers: [{ statusLine: 'HTTP/1.1 404 Not Found', body: '' }],
  },
  {
    name: 'HEAD on a POST-only path (GET there is a 405) is an empty 200',
    send: head('/upload'),
    headAnswers: [0],
    answers: [ok('', { 'content-length': '0' })],
  },
  {
    name: 'GET on a POST-only path is a 405',
    send: get('/upload'),
    answers: [problem('HTTP/1.1 405 Method Not Allowed', { allow: 'POST, HEAD, OPTIONS' })],
  },
  {
    name: 'HEAD on a failing route is a 500 without body',
    send: head('/throw-error'),
    headAnswers: [0],
    answers: [{ statusLine: 'HTTP/1.1 500 Internal Server Error', body: '' }],
    reports: 1,
  },
  // Pipelining.
  {
    name: 'pipelined: a malformed escape in the middle answers 400 in its place',
    send: get('/static') + get('/users/%zz') + get('/users/2'),
    answers: [ok('static'), badRequest, ok('{"id":"2"}')],
  },
  {
    name: 'pipelined: a fault in the middle answers 500 in its place',
    send: get('/users/1') + get('/throw-poisoned') + head('/static') + get('/static'),
    headAnswers: [2],
    answers: [ok('{"id":"1"}'), internalError, ok(''), ok('static')],
    reports: 1,
  },
  {
    name: 'pipelined: a slow answer keeps its place before fast ones',
    send: get('/slow') + get('/static') + get('/nope'),
    answers: [ok('slow'), ok('static'), notFound],
  },
  {
    // Nothing follows the broken request: bytes left unread when Node closes the socket make the kernel
    // reset it, which can drop the 400 before the client reads it (the next case sends them).
    name: 'keep-alive: an unparsable request after an answered one answers 400 and closes',
    send: [get('/static'), { pauseMs: 20 }, 'BROKEN\r\n\r\n'],
    answers: [ok('static'), nodeBadRequest],
    serverCloses: true,
  },
  {
    name: 'pipelined: an unparsable request right behind an answered one closes the connection',
    send: get('/static') + 'BROKEN\r\n\r\n' + get('/static'),
    answers: [ok('static')],
    serverCloses: true,
  },
];
