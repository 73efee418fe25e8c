import { beforeAll, describe, expect, test } from '@jest/globals';
import { once } from 'node:events';
import type { ClientHttp2Session } from 'node:http2';
import { connect as connectTls } from 'node:tls';
import { TextResponse } from '@framework/application';
import { type NodeServer, run } from '../../src';
import { createApp } from '../support/app';
import { type Certificate, selfSignedCertificate } from '../support/certificate';
import { http2Request, http2Session, portOf } from '../support/clients';
import { FRAME, RawHttp2Connection, REFUSED_STREAM } from '../support/raw-http2';
import { closedAfterEach } from '../support/closed-after-each';
import { HTTP2_TRANSPORTS, serveOver } from '../support/transports';

let certificate: Certificate;
beforeAll(async () => {
  certificate = await selfSignedCertificate();
}, 30_000);

const { servers, sessions } = closedAfterEach();

/** An application whose /hold requests wait until `release()`; `entered` counts those that started. */
function holdingApp() {
  const app = createApp();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const state = { entered: 0, release: () => release() };
  app.get('/hold', async () => {
    state.entered += 1;
    await released;
    return new TextResponse('released');
  });
  app.get('/ping', () => new TextResponse('pong'));
  app.post('/echo', async (request) => new TextResponse(`got ${(await request.text()).length} bytes`));
  return { app, state };
}

describe.each(HTTP2_TRANSPORTS)('HTTP/2 limits, %s', (transport) => {
  const ca = (): string | undefined => (transport === 'h2' ? certificate.cert : undefined);

  async function serve(options: Parameters<typeof serveOver>[3] = {}) {
    const { app, state } = holdingApp();
    const server = await serveOver(transport, app, certificate, options);
    servers.push(server);
    return { server, state };
  }

  function session(server: NodeServer): ClientHttp2Session {
    const opened = http2Session(portOf(server), ca());
    sessions.push(opened);
    return opened;
  }

  test.each([
    ['the default cap, 128', {}, 128],
    ['maxConcurrentStreams: 4', { maxConcurrentStreams: 4 }, 4],
  ])('finding 5: one connection cannot hold more streams than %s', async (_name, options, cap) => {
    const { server, state } = await serve(options);
    const raw = await RawHttp2Connection.open(portOf(server), ca());
    const sent = 200;
    for (let index = 0; index < sent; index += 1) raw.get(2 * index + 1, '/hold');
    await raw.ping(); // every HEADERS frame has been handled
    expect(state.entered).toBe(cap);
    expect(raw.resets()).toEqual(Array.from({ length: sent - cap }, () => REFUSED_STREAM));
    state.release();
    const answered = (): number =>
      raw.frames.filter((received) => received.type === FRAME.HEADERS && received.streamId > 0).length;
    await raw.until(() => answered() === cap);
    raw.destroy();
  });

  test('finding 4: an idle session is closed after http2SessionTimeout, PINGs or not', async () => {
    const { server } = await serve({ http2SessionTimeout: 300 });
    const client = session(server);
    expect((await http2Request(client, '/ping')).body).toBe('pong');
    const pings = setInterval(() => {
      // Newer Node lines throw from ping() once the server's GOAWAY has destroyed the session.
      if (!client.closed && !client.destroyed) client.ping(() => undefined);
    }, 50);
    try {
      await once(client, 'goaway');
      await once(client, 'close');
    } finally {
      clearInterval(pings);
    }
  });

  test('finding 4: a session whose requests keep coming outlives http2SessionTimeout, then closes after it', async () => {
    const { server } = await serve({ http2SessionTimeout: 300 });
    const client = session(server);
    let closedAt: number | undefined;
    client.once('close', () => (closedAt = Date.now()));
    for (let request = 0; request < 8; request += 1) {
      expect((await http2Request(client, '/ping')).body).toBe('pong');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(client.closed).toBe(false);
    const lastAnswer = Date.now();
    await once(client, 'close');
    expect((closedAt ?? 0) - lastAnswer).toBeGreaterThanOrEqual(150);
  });

  test('finding 4: a session that sends no request is closed after headersTimeout', async () => {
    const { server } = await serve({ headersTimeout: 300, requestTimeout: 300 });
    const raw = await RawHttp2Connection.open(portOf(server), ca());
    await raw.closed;
    expect(raw.frames.map((received) => received.type)).toContain(FRAME.GOAWAY);
  });

  test('finding 4: a session is not closed while a request is in flight, however long it takes', async () => {
    const { server, state } = await serve({ http2SessionTimeout: 100, connectionsCheckingInterval: 50 });
    const client = session(server);
    const pending = http2Request(client, '/hold');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(client.closed).toBe(false);
    state.release();
    expect((await pending).body).toBe('released');
  });

  test('finding 4: a half-sent body gets 408 after requestTimeout and its stream is closed', async () => {
    const { server } = await serve({
      headersTimeout: 500,
      requestTimeout: 500,
      connectionsCheckingInterval: 50,
    });
    const client = session(server);
    const stream = client.request({ ':path': '/echo', ':method': 'POST' });
    stream.on('error', () => undefined);
    stream.write('part of a body that never ends');
    const [headers] = (await once(stream, 'response')) as [Record<string, unknown>];
    expect(headers[':status']).toBe(408);
    await once(stream, 'close');
    // The session itself still serves.
    expect((await http2Request(client, '/ping')).body).toBe('pong');
  });

  test('finding 4: a complete request is not cut by requestTimeout while its handler works', async () => {
    const { server, state } = await serve({
      headersTimeout: 200,
      requestTimeout: 200,
      connectionsCheckingInterval: 50,
    });
    const client = session(server);
    const pending = http2Request(client, '/hold');
    await new Promise((resolve) => setTimeout(resolve, 500));
    state.release();
    expect(await pending).toMatchObject({ status: 200, body: 'released' });
  });

  test('info: a header list over 16 KiB is refused, one under it is served', async () => {
    const { server } = await serve();
    const client = session(server);
    const small = await http2Request(client, '/ping', { headers: { 'x-big': 'a'.repeat(12 * 1024) } });
    expect(small.body).toBe('pong');
    await expect(
      http2Request(client, '/ping', { headers: { 'x-big': 'a'.repeat(20 * 1024) } }),
    ).rejects.toThrow('Stream closed with error code NGHTTP2_ENHANCE_YOUR_CALM');
  });
});

describe('finding 4: the TLS HTTP/2 server answers HTTP/1.1 with the HTTP/1 timeouts', () => {
  test('headersTimeout, requestTimeout and keepAliveTimeout are set on the fallback', async () => {
    const app = createApp();
    const server = await serveOver('h2', app, certificate, {
      headersTimeout: 300,
      requestTimeout: 600,
      keepAliveTimeout: 700,
      connectionsCheckingInterval: 50,
    });
    servers.push(server);
    const fallback = server as unknown as Record<string, number>;
    expect([fallback.headersTimeout, fallback.requestTimeout, fallback.keepAliveTimeout]).toEqual([
      300, 600, 700,
    ]);
    // Slow headers over HTTP/1.1 on the HTTP/2 server's port: 408 and a close.
    const socket = connectTls({
      port: portOf(server),
      host: '127.0.0.1',
      ca: certificate.cert,
      ALPNProtocols: ['http/1.1'],
    });
    socket.on('error', () => undefined);
    await once(socket, 'secureConnect');
    socket.write('GET /ping HTTP/1.1\r\nHost: localhost\r\n');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    await once(socket, 'close');
    expect(received).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  });
});

describe('finding 4: every run() option is applied on every transport, or refused there', () => {
  test.each([
    [
      'keepAliveTimeout on h2c',
      { http2: true, keepAliveTimeout: 65_000 },
      'run({ keepAliveTimeout }) applies to HTTP/1.1 connections, which this HTTP/2 server does not accept ' +
        '(h2c, or allowHTTP1: false): idle HTTP/2 sessions close after http2SessionTimeout.',
    ],
    [
      'keepAliveTimeout on h2 without HTTP/1.1',
      { http2: true, https: { key: 'k', cert: 'c', allowHTTP1: false }, keepAliveTimeout: 65_000 },
      'run({ keepAliveTimeout }) applies to HTTP/1.1 connections',
    ],
    [
      'http2SessionTimeout without http2',
      { http2SessionTimeout: 10_000 },
      'run({ http2SessionTimeout }) applies to HTTP/2 only: set http2: true, or remove it.',
    ],
    [
      'maxConcurrentStreams without http2',
      { https: { key: 'k', cert: 'c' }, maxConcurrentStreams: 10 },
      'run({ maxConcurrentStreams }) applies to HTTP/2 only: set http2: true, or remove it.',
    ],
    [
      'maxConcurrentStreams: 0',
      { http2: true, maxConcurrentStreams: 0 },
      'run({ maxConcurrentStreams }) must be a whole number of streams (1 or more), got 0.',
    ],
    [
      'writeTimeout: -1',
      { writeTimeout: -1 },
      'run({ writeTimeout }) must be a whole number of milliseconds (0 or more), got -1.',
    ],
  ])('%s is refused before anything listens', async (_name, options, message) => {
    await expect(
      run(createApp(), { host: '127.0.0.1', port: 0, handleSignals: false, ...options }),
    ).rejects.toThrow(message);
  });
});
