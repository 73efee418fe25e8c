import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { TextResponse } from '@framework/application';
import { createApp } from '../support/app';
import { type Certificate, selfSignedCertificate } from '../support/certificate';
import { request } from './hostile-cases';
import { exchange, serveOver, type ServedOver, type Transport } from './transports';

// Expect headers over HTTP/1.1, HTTPS and the HTTP/1.1 fallback of an HTTP/2 server over TLS.

let certificate: Certificate;
beforeAll(async () => {
  certificate = await selfSignedCertificate();
}, 30_000);

const TRANSPORTS: readonly (readonly [string, Transport])[] = [
  ['HTTP/1.1', 'HTTP/1.1'],
  ['HTTPS', 'HTTPS'],
  ['the HTTP/1.1 fallback of h2', 'h2'],
];
const CONTINUE = 'HTTP/1.1 100 Continue';

describe.each(TRANSPORTS)('Expect, %s', (_name, transport) => {
  let served: ServedOver;
  beforeAll(async () => {
    const app = createApp();
    app.get('/static', () => new TextResponse('static'));
    app.post('/upload', async (req) => new TextResponse(`read ${(await req.text()).length}`));
    served = await serveOver(app, transport, certificate);
  });
  afterAll(() => served.close());

  test('100-continue with a body over bodyLimit: 413 and a close, with no 100 Continue', async () => {
    const { answers } = await exchange(served, [
      request('POST /upload', ['Content-Length: 2000000', 'Expect: 100-continue']),
    ]);
    expect(answers.map((answer) => answer.statusLine)).toEqual(['HTTP/1.1 413 Payload Too Large']);
    expect(answers[0]?.headers['connection']).toBe('close');
  });

  test('100-continue to a route that reads no body: no 100, and the answer closes the connection', async () => {
    const { answers } = await exchange(served, [
      request('GET /static', ['Content-Length: 5', 'Expect: 100-continue']) + request('GET /static'),
    ]);
    expect(answers.map((answer) => `${answer.statusLine} ${answer.body}`)).toEqual([
      'HTTP/1.1 200 OK static',
    ]);
    expect(answers[0]?.headers['connection']).toBe('close');
  });

  test('100-continue with a body the client did not hold back: 100 when it is read, the answer, the next request', async () => {
    const { answers } = await exchange(
      served,
      [
        request('POST /upload', ['Content-Length: 5', 'Expect: 100-continue'], 'hello') +
          request('GET /static'),
      ],
      3,
    );
    expect(answers.map((answer) => `${answer.statusLine} ${answer.body}`)).toEqual([
      `${CONTINUE} `,
      'HTTP/1.1 200 OK read 5',
      'HTTP/1.1 200 OK static',
    ]);
  });

  test('any other expectation is a 417; the body is skipped and the next request served', async () => {
    const { answers } = await exchange(
      served,
      [request('POST /upload', ['Content-Length: 5', 'Expect: something'], 'hello') + request('GET /static')],
      2,
    );
    expect(answers.map((answer) => answer.statusLine)).toEqual([
      'HTTP/1.1 417 Expectation Failed',
      'HTTP/1.1 200 OK',
    ]);
    expect(answers[1]?.body).toBe('static');
  });
});
