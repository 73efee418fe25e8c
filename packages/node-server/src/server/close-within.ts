import { Server as HttpServer } from 'node:http';
import type { Http2Session } from 'node:http2';
import { Server as HttpsServer } from 'node:https';
import type { Socket } from 'node:net';
import type { NodeServer } from './server-types';

/**
 * Makes `server.close()` complete within `timeout` milliseconds: it still stops accepting connections
 * and lets in-flight requests answer, but the connections still busy after `timeout` (a hung handler,
 * a slow client) are destroyed, so the server closes instead of waiting on them forever. HTTP/2
 * sessions are closed gracefully (GOAWAY: their open streams finish, no new ones start).
 */
export function closeWithin<S extends NodeServer>(server: S, timeout: number): S {
  const connections = connectionsOf(server);
  const close = server.close.bind(server) as (callback?: (error?: Error) => void) => S;
  server.close = ((callback?: (error?: Error) => void): S => {
    const timer = setTimeout(() => {
      cutShort.add(server);
      connections.destroy();
    }, timeout);
    timer.unref();
    server.once('close', () => clearTimeout(timer));
    close(callback);
    connections.drain();
    return server;
  }) as S['close'];
  return server;
}

/** The servers whose last `close()` had to destroy connections still busy after the timeout. */
const cutShort = new WeakSet<NodeServer>();

/** Whether closing `server` had to cut connections still busy after its timeout (see `closeWithin`). */
export function closedByForce(server: NodeServer): boolean {
  return cutShort.has(server);
}

interface Connections {
  /** Lets in-flight requests finish and then closes the connections. */
  readonly drain: () => void;
  /** Destroys every connection left. */
  readonly destroy: () => void;
}

function connectionsOf(server: NodeServer): Connections {
  // Node's HTTP/1 servers close idle connections in close() and track the busy ones themselves.
  if (server instanceof HttpServer || server instanceof HttpsServer) {
    return { drain: () => undefined, destroy: () => server.closeAllConnections() };
  }
  const sessions = new Set<Http2Session>();
  const sockets = new Set<Socket>();
  server.on('session', (session: Http2Session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  // Every TCP connection, the HTTP/1.1 fallback's included.
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return {
    drain: () => {
      for (const session of sessions) session.close();
    },
    destroy: () => {
      for (const session of sessions) session.destroy();
      for (const socket of sockets) socket.destroy();
    },
  };
}
