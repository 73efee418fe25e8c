import { afterEach } from '@jest/globals';
import type { ClientHttp2Session } from 'node:http2';
import type { NodeServer } from '../../src';
import { closed } from './transports';

/** Lists for the servers and HTTP/2 client sessions a test opens; each is closed after the test. */
export function closedAfterEach(): { servers: NodeServer[]; sessions: ClientHttp2Session[] } {
  const servers: NodeServer[] = [];
  const sessions: ClientHttp2Session[] = [];
  afterEach(async () => {
    for (const session of sessions.splice(0)) session.destroy();
    await Promise.all(servers.splice(0).map(closed));
  });
  return { servers, sessions };
}
