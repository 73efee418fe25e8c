import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { Server } from 'node:http';
import { SimpleContainer, TextResponse } from '@framework/application';
import { createApp } from './support/app';
import { closeServer, serve } from './support/serve';

// `new Application(router)` takes Variant B only. A Variant A middleware it cannot see at setup (a
// service the container makes on first use) must fail the requests that reach it, over a real socket,
// without a stack trace and without touching the routes that do not.
describe('the lean constructor over a socket: a lazily found Variant A service', () => {
  let server: Server;
  let origin: string;
  const reported: unknown[] = [];

  beforeAll(async () => {
    const container = new SimpleContainer();
    container.setFactory(
      'Logged',
      () =>
        function logged(_request: unknown, response: unknown, _next: unknown) {
          return response;
        },
    );
    const app = createApp({ container, onError: (error) => void reported.push(error) });
    app.get('/logged', ['Logged', () => new TextResponse('never')]);
    app.get('/plain', () => new TextResponse('plain'));
    ({ server, origin } = await serve(app));
  });

  afterAll(() => closeServer(server));

  test('answers 500 on its own route, naming neither the code nor the stack', async () => {
    const response = await fetch(`${origin}/logged`);
    const body = await response.text();
    expect(response.status).toBe(500);
    expect(body).not.toMatch(/at .*\.(js|ts):\d+/);
    expect(body).not.toContain('never');
    expect(body).not.toContain('FRAMEWORK_ERR');
    expect(reported).toEqual([expect.objectContaining({ code: 'FRAMEWORK_ERR_MIDDLEWARE_VARIANT_A_OFF' })]);
  });

  test('keeps answering the other routes, before and after the failing one', async () => {
    const before = await fetch(`${origin}/plain`);
    expect([before.status, await before.text()]).toEqual([200, 'plain']);
    expect((await fetch(`${origin}/logged`)).status).toBe(500);
    const after = await fetch(`${origin}/plain`);
    expect([after.status, await after.text()]).toEqual([200, 'plain']);
  });
});
