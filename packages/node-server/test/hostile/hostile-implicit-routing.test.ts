import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { Router } from '@framework/router-contract';
import { Application, TextResponse, timeout } from '@framework/application';
import { type Certificate, selfSignedCertificate } from '../support/certificate';
import { ADAPTERS } from './adapters';
import { serveOver, type ServedOver, TRANSPORTS } from './transports';

let certificate: Certificate;
beforeAll(async () => {
  certificate = await selfSignedCertificate();
}, 30_000);

/**
 * A code-first application that routes by default: `timeout()` is the only middleware piped, so
 * routing and dispatch run after it, and its bound must hold for every routed handler.
 */
function implicitApp(createRouter: () => Router<unknown>): Application {
  const app = new Application(createRouter(), { development: false, onError: () => undefined });
  app.pipe(timeout(200));
  app.get('/never', () => new Promise<never>(() => undefined));
  app.get('/secret', () => {
    throw new Error('a secret from /srv/app/notes.ts:12:3');
  });
  app.get('/users/{id}', (request) => new TextResponse(`user ${request.params.id}`));
  return app;
}

describe.each(TRANSPORTS)('routing by default under hostile requests, %s', (transport) => {
  describe.each(ADAPTERS)('%s', (_name, createRouter) => {
    let served: ServedOver;
    beforeAll(async () => {
      served = await serveOver(implicitApp(createRouter), transport, certificate);
    });
    afterAll(() => served.close());

    test('middleware piped before the implicit routing bounds its handlers: a handler that never settles is a 503', async () => {
      expect((await served.send({ path: '/never' })).status).toBe(503);
    });

    test('an error thrown by a routed handler answers 500 without its message or a stack', async () => {
      const answer = await served.send({ path: '/secret' });
      expect(answer.status).toBe(500);
      expect(answer.body).not.toMatch(/secret|\/srv\/|\.ts:/);
    });

    test('a malformed escape is a 400, an overlong param a 404, another method a 405 with Allow', async () => {
      expect((await served.send({ path: '/users/%E0%A4%A' })).status).toBe(400);
      expect((await served.send({ path: `/users/${'x'.repeat(5000)}` })).status).toBe(404);
      const other = await served.send({ method: 'DELETE', path: '/users/1' });
      expect([other.status, other.headers.allow]).toEqual([405, 'GET, HEAD, OPTIONS']);
      expect((await served.send({ path: '/users/1' })).body).toBe('user 1');
    });
  });
});
