import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { Server } from 'node:http';
import { ApplicationError, RedirectResponse } from '@framework/application';
import { createApp } from './support/app';
import { rawRequest } from './support/raw-http';
import { closeServer, serve } from './support/serve';

describe('RedirectResponse percent-encodes its location', () => {
  test.each([
    ['/café/☃', '/caf%C3%A9/%E2%98%83'],
    ['/a b?q=x y#frag ment', '/a%20b?q=x%20y#frag%20ment'],
    ['/already%20encoded/%C3%A9', '/already%20encoded/%C3%A9'],
    ['/50%/off', '/50%25/off'],
    ['/bad-escape/%zz/%4', '/bad-escape/%25zz/%254'],
    ['https://example.com/ünï?a=1&b=[2]', 'https://example.com/%C3%BCn%C3%AF?a=1&b=[2]'],
    ['/quote"<tag>', '/quote%22%3Ctag%3E'],
    ['/lone-\uD800-surrogate', '/lone-%EF%BF%BD-surrogate'],
    ['/plain/path?x=1', '/plain/path?x=1'],
  ])('%s → %s', (location, encoded) => {
    expect(new RedirectResponse(location).headers.get('location')).toBe(encoded);
  });

  test('a URL object is encoded the same way', () => {
    expect(new RedirectResponse(new URL('https://example.com/a b')).headers.get('location')).toBe(
      'https://example.com/a%20b',
    );
  });
});

describe('RedirectResponse refuses control characters at construction', () => {
  test.each([
    ['/a\r\nb', 'U+000D at index 2'],
    ['/a\nSet-Cookie: x=1', 'U+000A at index 2'],
    ['/tab\there', 'U+0009 at index 4'],
    ['/nul\u0000', 'U+0000 at index 4'],
    ['/del\u007f', 'U+007F at index 4'],
  ])('%j is refused naming the character', (location, where) => {
    let thrown: unknown;
    try {
      new RedirectResponse(location);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApplicationError);
    expect(thrown).toMatchObject({ code: 'FRAMEWORK_ERR_RESPONSE_INVALID_LOCATION', status: 500 });
    expect((thrown as Error).message).toBe(
      `The redirect location ${JSON.stringify(location)} holds the control character ${where}; ` +
        'a location must not contain control characters (CR and LF would split the answer).',
    );
  });
});

describe('redirects over a real socket', () => {
  const app = createApp();
  app.get('/non-ascii', () => new RedirectResponse('/café/☃'));
  app.get('/crlf', () => new RedirectResponse('/a\r\nSet-Cookie: injected=1'));
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    ({ server, origin } = await serve(app));
  });
  afterAll(() => closeServer(server));

  test('a non-ASCII target answers 302 with an encoded Location', async () => {
    const answer = await rawRequest(origin, 'GET /non-ascii HTTP/1.1');
    expect([answer.statusLine, answer.headers.location]).toEqual([
      'HTTP/1.1 302 Found',
      '/caf%C3%A9/%E2%98%83',
    ]);
  });

  test('a CR/LF target answers "500 Internal Server Error" and injects nothing', async () => {
    const answer = await rawRequest(origin, 'GET /crlf HTTP/1.1');
    expect([answer.statusLine, answer.headers['set-cookie'], answer.headers.location]).toEqual([
      'HTTP/1.1 500 Internal Server Error',
      undefined,
      undefined,
    ]);
  });
});
