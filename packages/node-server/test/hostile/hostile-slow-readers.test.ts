import { afterEach, beforeAll, describe, expect, test } from '@jest/globals';
import type { ClientHttp2Session } from 'node:http2';
import { connect as connectTcp, type Socket } from 'node:net';
import { Readable } from 'node:stream';
import { connect as connectTls } from 'node:tls';
import { LightResponse, TextResponse } from '@framework/application';
import { type NodeServer } from '../../src';
import { createApp } from '../support/app';
import { type Certificate, selfSignedCertificate } from '../support/certificate';
import { http2Session, portOf } from '../support/clients';
import { closed, getOver, serveOver, type Transport, TRANSPORTS } from '../support/transports';

let certificate: Certificate;
beforeAll(async () => {
  certificate = await selfSignedCertificate();
}, 30_000);

const servers: NodeServer[] = [];
const clients: { destroy(): void }[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  await Promise.all(servers.splice(0).map(closed));
});

const MIB = 1024 * 1024;

/** 20 MiB made as it is read: far more than the kernel's socket buffers on both sides hold. */
function twentyMebibytes(): Readable {
  const chunk = Buffer.alloc(64 * 1024, 'x');
  let sent = 0;
  return new Readable({
    read() {
      sent += chunk.length;
      this.push(sent > 20 * MIB ? null : chunk);
    },
  });
}

/** Asks for `path` and then reads nothing, over a connection of `transport`. */
async function requestWithoutReading(transport: Transport, server: NodeServer, path: string): Promise<void> {
  const port = portOf(server);
  if (transport === 'h2' || transport === 'h2c') {
    const session: ClientHttp2Session = http2Session(port, transport === 'h2' ? certificate.cert : undefined);
    clients.push(session);
    const stream = session.request({ ':path': path });
    stream.on('error', () => undefined);
    stream.pause();
    return;
  }
  const socket: Socket =
    transport === 'HTTPS'
      ? connectTls({ port, host: '127.0.0.1', ca: certificate.cert })
      : connectTcp(port, '127.0.0.1');
  clients.push(socket);
  socket.on('error', () => undefined);
  socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
  socket.pause();
}

describe.each(TRANSPORTS)('finding 6: slow readers, %s', (transport) => {
  test('finding 6: a client that reads nothing of a 20 MiB answer is cut by writeTimeout', async () => {
    const app = createApp();
    let cut!: () => void;
    const wasCut = new Promise<void>((resolve) => (cut = resolve));
    app.get('/big', (request) => {
      request.signal.addEventListener('abort', () => cut());
      return new LightResponse(twentyMebibytes(), { headers: { 'content-type': 'text/plain' } });
    });
    const server = await serveOver(transport, app, certificate, { writeTimeout: 500 });
    servers.push(server);
    await requestWithoutReading(transport, server, '/big');
    await wasCut; // the answer was abandoned: its connection (HTTP/2: its stream) closed under it
    // The server still serves others.
    app.get('/ping', () => new TextResponse('pong'));
    expect((await getOver(transport, server, certificate, '/ping')).body).toBe('pong');
  });

  test('finding 6: a handler slower than writeTimeout is not cut: the time runs only while bytes wait', async () => {
    const app = createApp();
    app.get('/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      return new TextResponse('worth the wait');
    });
    const server = await serveOver(transport, app, certificate, { writeTimeout: 200 });
    servers.push(server);
    expect(await getOver(transport, server, certificate, '/slow')).toMatchObject({
      status: 200,
      body: 'worth the wait',
    });
  });
});
