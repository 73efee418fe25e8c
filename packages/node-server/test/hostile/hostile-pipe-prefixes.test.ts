import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { Application, TextResponse } from '@framework/application';
import { type Certificate, selfSignedCertificate } from '../support/certificate';
import { ADAPTERS } from './adapters';
import { serveOver, type ServedOver, TRANSPORTS } from './transports';

// Clients send a path's text outside ASCII percent-encoded as UTF-8, and routes are compared in that
// form (`/café` routes `/caf%C3%A9`). A `pipe()` prefix written the same way was compared as written,
// so `app.pipe('/café', guard)` never ran for the requests that reached the `/café` routes.

let certificate: Certificate;
beforeAll(async () => {
  certificate = await selfSignedCertificate();
}, 30_000);

describe.each(ADAPTERS)('a guard piped at a path outside ASCII, %s', (_name, createRouter) => {
  describe.each(TRANSPORTS)('over %s', (transport) => {
    let served: ServedOver;
    beforeAll(async () => {
      const app = new Application(createRouter(), { development: false, onError: () => undefined });
      app.pipe('/café', () => new TextResponse('guarded', { status: 403 }));
      app.pipe('/straße/', () => new TextResponse('guarded', { status: 403 }));
      app.pipeRoutingMiddleware();
      app.pipeDispatchMiddleware();
      app.get('/café/menu', () => new TextResponse('menu'));
      app.get('/straße', () => new TextResponse('street'));
      app.get('/cafe/menu', () => new TextResponse('open menu'));
      served = await serveOver(app, transport, certificate);
    });
    afterAll(() => served.close());

    test.each(['/caf%C3%A9/menu', '/caf%C3%A9', '/stra%C3%9Fe', '/stra%C3%9Fe/'])(
      '%s meets the guard',
      async (path) => {
        const answer = await served.send({ path });
        expect(answer.status).toBe(403);
        expect(answer.body).toBe('guarded');
      },
    );

    test('a path beside the prefix passes', async () => {
      const answer = await served.send({ path: '/cafe/menu' });
      expect(answer.status).toBe(200);
      expect(answer.body).toBe('open menu');
    });
  });
});
