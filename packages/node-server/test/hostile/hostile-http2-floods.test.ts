import { beforeAll, describe, expect, jest, test } from '@jest/globals';
import { constants } from 'node:http2';
import { TextResponse } from '@framework/application';
import type { NodeServer } from '../../src';
import { createApp } from '../support/app';
import { type Certificate, selfSignedCertificate } from '../support/certificate';
import { http2Request, http2Session, portOf } from '../support/clients';
import { closedAfterEach } from '../support/closed-after-each';
import { FRAME, RawHttp2Connection, requestFields } from '../support/raw-http2';
import { HTTP2_TRANSPORTS, serveOver } from '../support/transports';

// Each flood is bounded by a count; on a loaded machine it takes seconds, not jest's default five.
jest.setTimeout(30_000);

// Floods of frames and streams on one HTTP/2 connection: Node's own limits (we set none of these)
// end the session, and a second client is answered all along. Every loop is bounded by a count.

let certificate: Certificate;
beforeAll(async () => {
  certificate = await selfSignedCertificate();
}, 30_000);

const { servers, sessions } = closedAfterEach();

const { NGHTTP2_CANCEL, NGHTTP2_ENHANCE_YOUR_CALM } = constants;

describe.each(HTTP2_TRANSPORTS)('hostile HTTP/2 floods, %s', (transport) => {
  const ca = (): string | undefined => (transport === 'h2' ? certificate.cert : undefined);
  const scheme = transport === 'h2' ? 'https' : 'http';

  /** A server whose /hold requests never end by themselves, and a raw connection to it. */
  async function serve(): Promise<{ server: NodeServer; raw: RawHttp2Connection; entered: () => number }> {
    let entered = 0;
    const app = createApp();
    app.get('/ping', () => new TextResponse('pong'));
    app.get('/hold', (request) => {
      entered += 1;
      return new Promise((resolve) =>
        request.signal.addEventListener('abort', () => resolve(new TextResponse('aborted'))),
      );
    });
    const server = await serveOver(transport, app, certificate);
    servers.push(server);
    const raw = await RawHttp2Connection.open(portOf(server), ca());
    sessions.push(raw);
    return { server, raw, entered: () => entered };
  }

  /** Whether a second client, on its own session, is answered. */
  async function expectAnswered(server: NodeServer): Promise<void> {
    const client = http2Session(portOf(server), ca());
    sessions.push(client);
    expect((await http2Request(client, '/ping')).body).toBe('pong');
  }

  test('rapid reset: streams opened and reset in a loop get the session ended (a GOAWAY, or closed); a second client is answered throughout', async () => {
    const { server, raw } = await serve();
    const streams = 5000;
    for (let index = 0; index < streams && !raw.isClosed(); index += 1) {
      const id = 2 * index + 1;
      raw.headers(id, requestFields(scheme, 'GET', '/hold'));
      raw.reset(id, NGHTTP2_CANCEL);
      if (index % 500 === 0) await expectAnswered(server);
    }
    // Node 20 sends a GOAWAY; Node 22 and 24 may close the connection without one.
    await raw.until(() => raw.goaways().length > 0).catch(() => undefined);
    expect(raw.goaways().length > 0 || raw.isClosed()).toBe(true);
    await expectAnswered(server);
  });

  test.each([
    ['PING', FRAME.PING, Buffer.alloc(8)],
    ['SETTINGS', FRAME.SETTINGS, Buffer.alloc(0)],
  ])(
    'a %s flood from a client that reads none of the acknowledgements ends its session; a second client is answered',
    async (_name, type, payload) => {
      const { server, raw } = await serve();
      raw.stopReading();
      for (let index = 0; index < 50_000; index += 1) raw.frame(type, 0, 0, payload);
      await expectAnswered(server);
      raw.resumeReading();
      await raw.closed;
    },
  );

  test('a SETTINGS frame of more than 32 entries gets a GOAWAY with ENHANCE_YOUR_CALM', async () => {
    const { server, raw } = await serve();
    const entries = Buffer.alloc(6 * 33);
    for (let index = 0; index < 33; index += 1) {
      entries.writeUInt16BE(0x3, 6 * index); // SETTINGS_MAX_CONCURRENT_STREAMS
      entries.writeUInt32BE(100, 6 * index + 2);
    }
    raw.frame(FRAME.SETTINGS, 0, 0, entries);
    await raw.until(() => raw.goaways().length > 0);
    expect(raw.goaways()).toEqual([NGHTTP2_ENHANCE_YOUR_CALM]);
    await expectAnswered(server);
  });

  test('a session sending malformed requests without end is closed (maxSessionInvalidFrames, 1000)', async () => {
    const { server, raw } = await serve();
    const sent = 3000;
    for (let index = 0; index < sent; index += 1) {
      raw.headers(2 * index + 1, requestFields(scheme, 'GET', 'not-a-path'));
    }
    await raw.closed;
    expect(raw.goaways()).toHaveLength(1);
    expect(raw.resets().length).toBeLessThan(sent);
    await expectAnswered(server);
  });

  test('thousands of streams past maxConcurrentStreams are refused without reaching a handler, then the session is closed; a second client is answered', async () => {
    const { server, raw, entered } = await serve();
    const sent = 5000;
    for (let index = 0; index < sent; index += 1)
      raw.headers(2 * index + 1, requestFields(scheme, 'GET', '/hold'));
    // Node counts a refused stream as a reset: past its burst of 1000 the session is closed.
    await raw.closed;
    expect(entered()).toBe(128);
    const refused = raw.resets().filter((code) => code === constants.NGHTTP2_REFUSED_STREAM);
    expect(refused.length).toBeGreaterThanOrEqual(1000);
    expect(refused.length).toBeLessThan(sent - 128);
    await expectAnswered(server);
  });
});
