import { constants, type ServerHttp2Stream } from 'node:http2';
import type { Socket } from 'node:net';

interface SocketProgress {
  /** Bytes the client has taken so far. */
  taken: number;
  /** When `taken` was last seen to change, or nothing was waiting. */
  since: number;
}

interface StreamState {
  readonly opened: number;
  /** Whether the write timer runs (bytes wait on the client). */
  armed: boolean;
}

/** The limits a `ConnectionWatch` enforces, in milliseconds (0 = none). */
export interface WatchedLimits {
  readonly writeTimeout: number;
  /** HTTP/2 streams only: Node's HTTP/1 parser enforces it on connections itself. */
  readonly requestTimeout: number;
}

/**
 * Cuts connections and HTTP/2 streams that hold the server up, on a periodic `check()`:
 *
 * - a client that reads none of its answer for `writeTimeout` (nginx's `send_timeout`): the time
 *   runs only while bytes wait on the client, so a slow handler or an idle connection is never cut,
 *   and every byte the client takes starts it again. An HTTP/1 connection is destroyed; an HTTP/2
 *   stream is reset (CANCEL), its session lives on.
 * - an HTTP/2 request whose body has not all arrived `requestTimeout` after the stream opened: 408
 *   when no answer has started, then the stream is reset (NO_ERROR, RFC 9113 §8.1), else CANCEL.
 */
export class ConnectionWatch {
  private readonly sockets = new Map<Socket, SocketProgress>();
  private readonly streams = new Map<ServerHttp2Stream, StreamState>();

  constructor(private readonly limits: WatchedLimits) {}

  /** Watches an HTTP/1 connection (plain or TLS) until it closes. */
  watchSocket(socket: Socket): void {
    if (this.limits.writeTimeout === 0) return;
    this.sockets.set(socket, { taken: -1, since: Date.now() });
    socket.once('close', () => this.sockets.delete(socket));
  }

  /** Watches an HTTP/2 stream until it closes. */
  watchStream(stream: ServerHttp2Stream): void {
    this.streams.set(stream, { opened: Date.now(), armed: false });
    stream.once('close', () => this.streams.delete(stream));
    // Node restarts a stream's timer whenever one of its writes completes or data arrives; the
    // timer is armed below only while bytes wait on the client.
    stream.on('timeout', () => stream.close(constants.NGHTTP2_CANCEL));
  }

  check(now: number): void {
    const { writeTimeout, requestTimeout } = this.limits;
    for (const [socket, progress] of this.sockets) {
      // Bytes handed to the socket, less those still waiting: what the client (its kernel) took.
      const taken = socket.bytesWritten - socket.writableLength;
      if (socket.writableLength === 0 || taken !== progress.taken) {
        progress.taken = taken;
        progress.since = now;
      } else if (now - progress.since >= writeTimeout) {
        socket.destroy();
      }
    }
    for (const [stream, state] of this.streams) {
      if (requestTimeout > 0 && now - state.opened >= requestTimeout && !stream.state.remoteClose) {
        cutLateRequest(stream);
        continue;
      }
      const waiting = writeTimeout > 0 && stream.writableLength > 0;
      if (waiting !== state.armed) {
        state.armed = waiting;
        stream.setTimeout(waiting ? writeTimeout : 0);
      }
    }
  }
}

function cutLateRequest(stream: ServerHttp2Stream): void {
  if (stream.destroyed || stream.closed) return;
  if (stream.headersSent) {
    stream.close(constants.NGHTTP2_CANCEL);
    return;
  }
  stream.respond({ ':status': 408 }, { endStream: true });
  stream.close(constants.NGHTTP2_NO_ERROR);
}
