import { describe, expect, test } from '@jest/globals';
import { HttpError } from '../src';
import { call, createApp } from './support/app';

function throwing(error: () => unknown, options: Parameters<typeof createApp>[0] = {}) {
  const app = createApp(options);
  app.get('/', () => {
    throw error();
  });
  return app;
}

describe('HttpError', () => {
  test('a 4xx answers with its status and message', async () => {
    const response = await call(
      throwing(() => new HttpError(404, 'No post 12.')),
      '/',
    );
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: 'No post 12.',
    });
  });

  test('a 5xx hides its message and is reported; expose: true shows it', async () => {
    const reported: unknown[] = [];
    const hidden = await call(
      throwing(() => new HttpError(503, 'database down'), { onError: (error) => reported.push(error) }),
      '/',
    );
    expect([hidden.status, await hidden.json()]).toEqual([
      503,
      { type: 'about:blank', title: 'Service Unavailable', status: 503 },
    ]);
    expect(reported).toEqual([expect.objectContaining({ message: 'database down' })]);
    const shown = await call(
      throwing(() => new HttpError(503, 'Back at 10:00.', { expose: true })),
      '/',
    );
    expect(await shown.json()).toMatchObject({ status: 503, detail: 'Back at 10:00.' });
  });

  test('expose: false hides a 4xx message; no stack outside development', async () => {
    const response = await call(
      throwing(() => new HttpError(403, 'role admin missing', { expose: false })),
      '/',
    );
    const body = await response.text();
    expect([response.status, body]).toEqual([403, '{"type":"about:blank","title":"Forbidden","status":403}']);
  });

  test('carries headers to the answer, and defaults the message to the reason phrase', async () => {
    const error = new HttpError(401, undefined, { headers: { 'www-authenticate': 'Bearer' } });
    expect([error.message, error.expose, error.status]).toEqual(['Unauthorized', true, 401]);
    const response = await call(
      throwing(() => error),
      '/',
    );
    expect([response.status, response.headers.get('www-authenticate')]).toEqual([401, 'Bearer']);
  });

  test.each([200, 399, 600, 4.5, Number.NaN])('refuses status %p', (status) => {
    expect(() => new HttpError(status)).toThrow(`HttpError needs a status from 400 to 599, got ${status}.`);
  });
});
