import type { Http2Session, ServerHttp2Stream } from 'node:http2';

/**
 * Closes an HTTP/2 session once it has had no stream open for `idleTimeout` ms; its first request
 * must open within `firstRequestTimeout` (when shorter; 0 = only `idleTimeout`). PINGs and SETTINGS
 * do not count: only requests do. With no stream open nothing is lost, so the session is destroyed
 * at once (Node sends the GOAWAY, then ends the connection) instead of waiting on the client.
 */
export function closeWhenIdle(session: Http2Session, idleTimeout: number, firstRequestTimeout: number): void {
  let open = 0;
  let timer: NodeJS.Timeout | undefined;
  const wait = (ms: number): void => {
    timer = setTimeout(() => session.destroy(), ms).unref();
  };
  wait(firstRequestTimeout > 0 ? Math.min(firstRequestTimeout, idleTimeout) : idleTimeout);
  session.on('stream', (stream: ServerHttp2Stream) => {
    open += 1;
    clearTimeout(timer);
    stream.once('close', () => {
      open -= 1;
      if (open === 0 && !session.closed && !session.destroyed) wait(idleTimeout);
    });
  });
  session.once('close', () => clearTimeout(timer));
}
