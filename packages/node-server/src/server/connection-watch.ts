import { constants, type ServerHttp2Stream } from 'node:http2';
import type { Socket } from 'node:net';

interface SocketProgress {
  /** Bytes the client has taken so far. */
  taken: number;
  /** When `taken` was last seen to change, or nothing was waiting. */
  since: number;
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
  /** Open HTTP/2 streams: when they opened while their request body is still arriving, else -1. */
  private readonly streams = new Map<ServerHttp2Stream, number>();
  /** The streams whose write timer runs (bytes wait on the client). */
  private readonly armed = new Set<ServerHttp2Stream>();

  constructor(private readonly limits: WatchedLimits) {}

  /** Watches an HTTP/1 connection (plain or TLS) until it closes. */
  watchSocket(socket: Socket): void {
    if (this.limits.writeTimeout === 0) return;
    this.sockets.set(socket, { taken: -1, since: Date.now() });
    socket.once('close', () => this.sockets.delete(socket));
  }

  /**
   * Watches an HTTP/2 stream until `forgetStream` (called once it closes); `flags` are those of its
   * HEADERS frame (the `stream` event's third argument). A request that ended with its headers (a
   * GET) cannot be late.
   */
  watchStream(stream: ServerHttp2Stream, flags: number): void {
    const bodyComing = this.limits.requestTimeout > 0 && (flags & constants.NGHTTP2_FLAG_END_STREAM) === 0;
    this.streams.set(stream, bodyComing ? Date.now() : -1);
  }

  forgetStream(stream: ServerHttp2Stream): void {
    this.streams.delete(stream);
    this.armed.delete(stream);
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
    for (const [stream, opened] of this.streams) {
      if (opened >= 0) {
        if (stream.state.remoteClose) this.streams.set(stream, -1);
        else if (now - opened >= requestTimeout) {
          cutLateRequest(stream);
          continue;
        }
      }
      const waiting = writeTimeout > 0 && stream.writableLength > 0;
      if (waiting !== this.armed.has(stream)) armWriteTimer(stream, waiting ? writeTimeout : 0, this.armed);
    }
  }
}

/**
 * Runs (or, with 0, stops) a stream's write timer: Node restarts it whenever one of the stream's
 * writes completes or data arrives, and resets the stream (CANCEL) when it runs out.
 */
function armWriteTimer(stream: ServerHttp2Stream, timeout: number, armed: Set<ServerHttp2Stream>): void {
  if (timeout === 0) armed.delete(stream);
  else {
    armed.add(stream);
    if (!stream.listeners('timeout').includes(cancelStream)) stream.on('timeout', cancelStream);
  }
  stream.setTimeout(timeout);
}

function cancelStream(this: ServerHttp2Stream): void {
  this.close(constants.NGHTTP2_CANCEL);
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
