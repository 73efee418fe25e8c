import { describe, expect, test } from '@jest/globals';
import { createApp } from '../src/app';

const app = createApp();
const call = (path: string, init?: RequestInit) => app.fetch(new Request(`http://localhost${path}`, init));

describe('Variant A example application (app.fetch)', () => {
  test('GET / answers the text the double-pass action wrote to the response body', async () => {
    const response = await call('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('x-powered-by')).toBe('@framework (Variant A)');
    expect(await response.text()).toBe('Hello world');
  });

  test('GET /ping answers {"ack": <unix seconds>}', async () => {
    const before = Math.floor(Date.now() / 1000);
    const body = (await (await call('/ping')).json()) as { ack: number };
    expect(Object.keys(body)).toEqual(['ack']);
    expect(Number.isInteger(body.ack)).toBe(true);
    expect(body.ack).toBeGreaterThanOrEqual(before);
    expect(body.ack).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
  });

  test('a route that throws is answered by the error middleware from the config', async () => {
    const response = await call('/boom');
    expect(response.status).toBe(500);
    expect(response.headers.get('x-powered-by')).toBe('@framework (Variant A)');
    expect(await response.text()).toBe('Error 500: Something went wrong.');
  });

  test('a routing failure (malformed URL) is answered by the error middleware too', async () => {
    const response = await call('/bad%zz');
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(
      'Error 400: The request path "/bad%zz" holds a malformed percent-escape. Encode "%" as "%25".',
    );
  });

  test('404 and 405 are answers, not errors: the error middleware does not run', async () => {
    const missing = await call('/missing');
    expect([missing.status, missing.headers.get('content-type')]).toEqual([404, 'application/problem+json']);
    const post = await call('/', { method: 'POST' });
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD, OPTIONS']);
  });
});
