import { afterEach, beforeAll, describe, expect, test } from '@jest/globals';
import { LightResponse, TextResponse } from '@framework/application';
import type { NodeServer } from '../src';
import { createApp } from './support/app';
import { type Certificate, selfSignedCertificate } from './support/certificate';
import { closed, getOver, serveOver, TRANSPORTS } from './support/transports';

let certificate: Certificate;
beforeAll(async () => {
  certificate = await selfSignedCertificate();
}, 30_000);

const servers: NodeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map(closed));
});

async function serve(transport: (typeof TRANSPORTS)[number]): Promise<NodeServer> {
  const app = createApp();
  app.get('/text', () => new TextResponse('héllo'));
  app.get('/light', () => {
    const headers = { 'set-cookie': ['a=1', 'b=2'], 'x-kind': 'light', 'content-type': 'text/plain' };
    return new LightResponse('two cookies', { headers });
  });
  app.get(
    '/web',
    () =>
      new Response('web body', {
        status: 201,
        headers: [
          ['set-cookie', 'a=1'],
          ['set-cookie', 'b=2'],
          ['x-kind', 'web'],
        ],
      }),
  );
  const server = await serveOver(transport, app, certificate);
  servers.push(server);
  return server;
}

describe.each(TRANSPORTS)('answer headers, %s', (transport) => {
  test('a text answer carries its content type and byte length', async () => {
    const answer = await getOver(transport, await serve(transport), certificate, '/text');
    expect([
      answer.status,
      answer.body,
      answer.headers['content-type'],
      answer.headers['content-length'],
    ]).toEqual([200, 'héllo', 'text/plain; charset=utf-8', '6']);
  });

  test.each(['/light', '/web'])('%s keeps every set-cookie and its other headers', async (path) => {
    const answer = await getOver(transport, await serve(transport), certificate, path);
    expect(answer.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    expect(answer.headers['x-kind']).toBe(path.slice(1));
    expect(answer.status).toBe(path === '/web' ? 201 : 200);
  });
});
