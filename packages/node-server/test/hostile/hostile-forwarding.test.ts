import { afterEach, beforeAll, describe, expect, test } from '@jest/globals';
import { type ApplicationOptions, JsonResponse } from '@framework/application';
import { type NodeServer } from '../../src';
import { createApp } from '../support/app';
import { type Certificate, selfSignedCertificate } from '../support/certificate';
import { closed, getOver, serveOver, TRANSPORTS } from '../support/transports';

let certificate: Certificate;
beforeAll(async () => {
  certificate = await selfSignedCertificate();
}, 30_000);

let running: NodeServer | undefined;
afterEach(async () => {
  if (running !== undefined) await closed(running);
  running = undefined;
});

/** The address the application sees for a request with these headers, over a real socket. */
async function clientAddressOver(
  transport: (typeof TRANSPORTS)[number],
  options: ApplicationOptions,
  headers: Record<string, string>,
): Promise<unknown> {
  const app = createApp(options);
  app.get('/who', (request) => new JsonResponse({ address: request.clientAddress ?? null }));
  running = await serveOver(transport, app, certificate);
  const answer = await getOver(transport, running, certificate, '/who', headers);
  expect(answer.status).toBe(200);
  const { address } = JSON.parse(answer.body) as { address: unknown };
  await closed(running);
  running = undefined;
  return address;
}

// 127.0.0.1 stands for the proxy in front: the tests talk to the server from there.
const behindProxy = { trustProxy: ['127.0.0.1'] } as const;

describe.each(TRANSPORTS)('finding 3: forwarding headers, %s', (transport) => {
  test("finding 3: a client's Forwarded: for=6.6.6.6 is ignored by default, behind a trusted proxy too", async () => {
    const spoofed = { forwarded: 'for=6.6.6.6' };
    expect(await clientAddressOver(transport, {}, spoofed)).toBe('127.0.0.1');
    expect(await clientAddressOver(transport, behindProxy, spoofed)).toBe('127.0.0.1');
    // nginx and ALBs append the peer to X-Forwarded-For and pass the client's Forwarded through.
    const throughProxy = { forwarded: 'for=6.6.6.6', 'x-forwarded-for': '203.0.113.9' };
    expect(await clientAddressOver(transport, behindProxy, throughProxy)).toBe('203.0.113.9');
  });

  test("finding 3: header: 'forwarded' reads Forwarded and ignores a client's X-Forwarded-For", async () => {
    const options: ApplicationOptions = { trustProxy: { addresses: ['127.0.0.1'], header: 'forwarded' } };
    const headers = { forwarded: 'for=203.0.113.9', 'x-forwarded-for': '6.6.6.6' };
    expect(await clientAddressOver(transport, options, headers)).toBe('203.0.113.9');
    expect(await clientAddressOver(transport, options, { 'x-forwarded-for': '6.6.6.6' })).toBe('127.0.0.1');
  });
});
