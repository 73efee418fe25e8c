import { afterEach } from '@jest/globals';
import type { ClientHttp2Session } from 'node:http2';
import type { NodeServer } from '../../src';
import { closed } from './transports';

/** What a test opens towards a server: an HTTP/2 client session, or a raw connection. */
type ClientSide = Pick<ClientHttp2Session, 'destroy'>;

/**
 * Lists for the servers and HTTP/2 client sessions (or raw connections) a test opens; each is
 * closed after the test, the clients first.
 */
export function closedAfterEach(): { servers: NodeServer[]; sessions: ClientSide[] } {
  const servers: NodeServer[] = [];
  const sessions: ClientSide[] = [];
  afterEach(async () => {
    for (const session of sessions.splice(0)) session.destroy();
    await Promise.all(servers.splice(0).map(closed));
  });
  return { servers, sessions };
}
