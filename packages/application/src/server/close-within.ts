import type { Server } from 'node:http';

/**
 * Makes `server.close()` complete within `timeout` milliseconds: it still stops accepting connections
 * and lets in-flight requests answer, but the connections still busy after `timeout` (a hung handler,
 * a slow client) are destroyed, so the server closes instead of waiting on them forever.
 */
export function closeWithin(server: Server, timeout: number): Server {
  const close = server.close.bind(server);
  server.close = (callback?: (error?: Error) => void): Server => {
    const timer = setTimeout(() => server.closeAllConnections(), timeout);
    timer.unref();
    server.once('close', () => clearTimeout(timer));
    return close(callback);
  };
  return server;
}
