import type { Http2Session, ServerHttp2Stream } from 'node:http2';

/** Told of every stream a session opens (with the flags of its HEADERS frame), and of its closing. */
export interface StreamWatcher {
  watchStream(stream: ServerHttp2Stream, flags: number): void;
  forgetStream(stream: ServerHttp2Stream): void;
}

/**
 * Closes an HTTP/2 session once it has had no stream open for `idleTimeout` ms; its first request
 * must open within `firstRequestTimeout` (when shorter; 0 = only `idleTimeout`). PINGs and SETTINGS
 * do not count: only requests do. With no stream open nothing is lost, so the session is destroyed
 * at once (Node sends the GOAWAY, then ends the connection) instead of waiting on the client.
 * `watcher` is told of every stream the session opens and closes.
 *
 * One timer per session, not set and cleared per stream: when it runs out, it checks whether the
 * session has been idle long enough and otherwise waits again for the time left.
 */
export function closeWhenIdle(
  session: Http2Session,
  idleTimeout: number,
  firstRequestTimeout: number,
  watcher: StreamWatcher,
): void {
  let limit = firstRequestTimeout > 0 ? Math.min(firstRequestTimeout, idleTimeout) : idleTimeout;
  let open = 0;
  let idleSince = Date.now();
  // One `close` listener shared by the session's streams.
  function streamClosed(this: ServerHttp2Stream): void {
    open -= 1;
    if (open === 0) idleSince = Date.now();
    watcher.forgetStream(this);
  }
  const expire = (): void => {
    if (session.closed || session.destroyed) return;
    const idleFor = open === 0 ? Date.now() - idleSince : 0;
    if (idleFor >= limit) session.destroy();
    else timer = setTimeout(expire, limit - idleFor).unref();
  };
  let timer = setTimeout(expire, limit).unref();
  session.on('stream', (stream: ServerHttp2Stream, _headers: unknown, flags: number) => {
    open += 1;
    limit = idleTimeout;
    stream.on('close', streamClosed);
    watcher.watchStream(stream, flags);
  });
  session.once('close', () => clearTimeout(timer));
}
