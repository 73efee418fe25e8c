import { beforeAll, describe, expect, test } from '@jest/globals';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { type Application, JsonResponse, LightResponse, readiness, TextResponse } from '@framework/application';
import { type NodeServer, run } from '../src';
import { createApp, call } from './support/app';
import { type Certificate, selfSignedCertificate } from './support/certificate';
import { type Answer, closeSession, http2Request, http2Session, httpsGet, portOf } from './support/clients';

let certificate: Certificate;
beforeAll(async () => {
  certificate = await selfSignedCertificate();
}, 30_000);

interface Served {
  readonly app: Application;
  readonly server: NodeServer;
  /** Resolves when /slow has started; /slow answers once `release()` is called. */
  readonly slowStarted: Promise<void>;
  release(): void;
}

async function serve(transport: 'https' | 'http2 over TLS' | 'h2c'): Promise<Served> {
  const app = createApp();
  let started!: () => void;
  let release!: () => void;
  const slowStarted = new Promise<void>((resolve) => (started = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  app.get('/info', (request) => new JsonResponse({ url: request.url, method: request.method }));
  app.post('/echo', async (request) => new TextResponse(`got ${await request.text()}`));
  app.get('/stream', () => new LightResponse(Readable.from(['chunk 1, ', 'chunk 2'])));
  app.get('/slow', async () => {
    started();
    await released;
    return new TextResponse('finished');
  });
  app.get('/health/ready', readiness(app));
  const base = { host: '127.0.0.1', port: 0, handleSignals: false } as const;
  const tls = { key: certificate.key, cert: certificate.cert };
  const server: NodeServer =
    transport === 'https'
      ? await run(app, { ...base, https: tls })
      : transport === 'h2c'
        ? await run(app, { ...base, http2: true })
        : await run(app, { ...base, http2: true, https: tls });
  return { app, server, slowStarted, release };
}

function closed(server: NodeServer): Promise<void> {
  return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
}

describe('run({ https })', () => {
  test('serves HTTPS/1.1 with the https scheme in request.url', async () => {
    const { server } = await serve('https');
    try {
      const answer = await httpsGet(portOf(server), '/info', certificate.cert);
      expect(answer.httpVersion).toBe('1.1');
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({
        url: `https://127.0.0.1:${portOf(server)}/info`,
        method: 'GET',
      });
    } finally {
      await closed(server);
    }
  });

  test('close() answers the request in flight, then closes; readiness answers 503 meanwhile', async () => {
    const { app, server, slowStarted, release } = await serve('https');
    expect((await call(app, '/health/ready')).status).toBe(200);
    const pending = httpsGet(portOf(server), '/slow', certificate.cert);
    await slowStarted;
    const closing = closed(server);
    expect(app.shuttingDown).toBe(true);
    const ready = await call(app, '/health/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'shutting down' });
    release();
    const answer = await pending;
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('finished');
    expect(answer.headers.connection).toBe('close');
    await closing;
  });
});

describe.each(['http2 over TLS', 'h2c'] as const)('run({ http2: true }): %s', (transport) => {
  const ca = (): string | undefined => (transport === 'h2c' ? undefined : certificate.cert);
  const scheme = transport === 'h2c' ? 'http' : 'https';

  test('serves HTTP/2 requests from Http2ServerRequest, request bodies and streamed answers included', async () => {
    const { server } = await serve(transport);
    const session = http2Session(portOf(server), ca());
    try {
      const info = await http2Request(session, '/info?x=1');
      expect(info.status).toBe(200);
      expect(JSON.parse(info.body)).toEqual({
        url: `${scheme}://127.0.0.1:${portOf(server)}/info?x=1`,
        method: 'GET',
      });
      const echo = await http2Request(session, '/echo', { method: 'POST', body: 'over h2' });
      expect(echo.body).toBe('got over h2');
      const streamed = await http2Request(session, '/stream');
      expect(streamed.body).toBe('chunk 1, chunk 2');
      const missing = await http2Request(session, '/nowhere');
      expect(missing.status).toBe(404);
      const head = await http2Request(session, '/info', { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.body).toBe('');
    } finally {
      await closeSession(session);
      await closed(server);
    }
  });

  test('close() lets the open stream finish, ends the session and closes', async () => {
    const { app, server, slowStarted, release } = await serve(transport);
    const session = http2Session(portOf(server), ca());
    const goaway = once(session, 'goaway');
    const pending = http2Request(session, '/slow');
    await slowStarted;
    const closing = closed(server);
    expect(app.shuttingDown).toBe(true);
    await goaway;
    release();
    const answer: Answer = await pending;
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('finished');
    await closing;
    session.destroy();
  });
});

test('run({ http2: true, https }) answers HTTP/1.1 clients too (allowHTTP1)', async () => {
  const { server } = await serve('http2 over TLS');
  try {
    const answer = await httpsGet(portOf(server), '/info', certificate.cert);
    expect(answer.httpVersion).toBe('1.1');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ method: 'GET' });
  } finally {
    await closed(server);
  }
});

test('run() refuses transport options of the wrong type', async () => {
  const app = createApp();
  await expect(run(app, { port: 0, https: 'cert.pem' as never })).rejects.toThrow(
    'run({ https }) must be an object of TLS options (key, cert, ...), got cert.pem.',
  );
  await expect(run(app, { port: 0, http2: 'yes' as never })).rejects.toThrow(
    'run({ http2 }) must be true or false, got yes.',
  );
});
