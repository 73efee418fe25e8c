import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { fromFetch, TextResponse } from '@framework/application';
import { createApp } from '../support/app';
import { type Certificate, selfSignedCertificate } from '../support/certificate';
import { serveOver, type ServedOver } from './transports';

// HTTP/2 carries the method as `:method`, whatever its case; Node's HTTP/1.1 parser refuses a method
// in lower case. A WHATWG `Request` upper-cases DELETE, GET, HEAD, OPTIONS, POST and PUT in any case,
// so a mounted fetch handler ran `:method: delete` as DELETE while a guard comparing
// `request.method === 'DELETE'` let it through, and `:method: get` with a body broke `toRequest()`.

let certificate: Certificate;
beforeAll(async () => {
  certificate = await selfSignedCertificate();
}, 30_000);

describe.each(['h2', 'h2c'] as const)('the method of an HTTP/2 request, %s', (transport) => {
  const seen: string[] = [];
  let served: ServedOver;
  beforeAll(async () => {
    const app = createApp();
    app.pipe((request, next) => {
      seen.push(request.method);
      return request.method === 'DELETE'
        ? new TextResponse('guarded', { status: 403 })
        : next.handle(request);
    });
    app.pipe(
      '/legacy',
      fromFetch((request) => new Response(`handler saw ${request.method}`)),
    );
    app.get('/page', (request) => new TextResponse(`page for ${request.method}`));
    served = await serveOver(app, transport, certificate);
  });
  afterAll(() => served.close());

  test.each(['delete', 'Delete', 'DELETE'])('%s meets the guard that refuses DELETE', async (method) => {
    const answer = await served.send({ method, path: '/legacy/notes/1' });
    expect(answer.status).toBe(403);
    expect(answer.body).toBe('guarded');
  });

  test.each([
    ['post', 'POST'],
    ['put', 'PUT'],
    ['options', 'OPTIONS'],
    ['patch', 'patch'],
    ['PATCH', 'PATCH'],
  ])('%s reaches the mounted handler as %s, as request.method says', async (method, expected) => {
    const answer = await served.send({ method, path: '/legacy/notes/1', body: 'x' });
    expect(answer.status).toBe(200);
    expect(answer.body).toBe(`handler saw ${expected}`);
    expect(seen.at(-1)).toBe(expected);
  });

  test.each(['get', 'Get'])('%s runs the GET route', async (method) => {
    const answer = await served.send({ method, path: '/page' });
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('page for GET');
  });
});
