import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import {
  constants,
  createSecureServer,
  createServer as createH2cServer,
  type Http2Session,
  type IncomingHttpHeaders,
  type ServerHttp2Stream,
  type Settings,
} from 'node:http2';
import { createServer as createHttpsServer } from 'node:https';
import type { Socket } from 'node:net';
import { continueOnRead } from '../http/expect-continue';
import { ConnectionWatch } from './connection-watch';
import type { NodeListener } from './create-listener';
import { ignoreStreamError, type StreamListener } from './create-stream-listener';
import { overUnacknowledgedLimit } from './header-list-size';
import { closeWhenIdle } from './idle-sessions';
import {
  type RunOptions,
  resolveMaxConcurrentStreams,
  type ServerTimeouts,
  servesHttp1,
} from './run-options';
import type { NodeServer } from './server-types';

/** The header list an HTTP/2 request may carry (RFC 9113 size), as Node's 16 KiB HTTP/1 `maxHeaderSize`. */
export const HTTP2_MAX_HEADER_LIST_SIZE = 16 * 1024;

/** How a server answers: HTTP/1 requests, and HTTP/2 streams on the core API. */
export interface ServerListeners {
  readonly request: NodeListener;
  readonly stream: StreamListener;
}

/**
 * The server for the transport options: `node:http`, `node:https` with `https`, `node:http2` with
 * `http2` (over TLS with `https`, HTTP/1.1 clients answered too unless `allowHTTP1: false`; else
 * cleartext h2c). Every timeout applies on every transport: Node's HTTP/1 timeouts on HTTP/1.1
 * connections (the HTTP/2 server's fallback included), their HTTP/2 counterparts on sessions and
 * streams, and the write timeout on both.
 */
export function createNodeServer(
  options: Pick<RunOptions, 'https' | 'http2' | 'maxConcurrentStreams'>,
  timeouts: ServerTimeouts,
  listeners: ServerListeners,
): NodeServer {
  const listener = listeners.request;
  const { https, http2 } = options;
  const watch = new ConnectionWatch(timeouts);
  let server: NodeServer;
  if (http2 === true) {
    const settings: Settings = {
      maxHeaderListSize: HTTP2_MAX_HEADER_LIST_SIZE,
      maxConcurrentStreams: resolveMaxConcurrentStreams(options),
      ...https?.settings,
    };
    if (options.maxConcurrentStreams !== undefined)
      settings.maxConcurrentStreams = options.maxConcurrentStreams;
    server =
      https === undefined
        ? createH2cServer({ settings }, listener)
        : createSecureServer({ allowHTTP1: true, ...https, settings }, listener);
    answerStreamsOnCore(server, listeners.stream, settings.maxHeaderListSize ?? HTTP2_MAX_HEADER_LIST_SIZE);
    if (servesHttp1(options)) Object.assign(server, timeouts);
    server.on('session', (session: Http2Session) =>
      closeWhenIdle(session, timeouts.http2SessionTimeout, timeouts.headersTimeout, watch),
    );
  } else {
    server =
      https === undefined
        ? createHttpServer(timeouts, listener)
        : createHttpsServer({ ...timeouts, ...https }, listener);
  }
  if (http2 !== true || servesHttp1(options)) continueOnRead(server);
  // HTTP/1.1 connections: TLS ones once the handshake is done (HTTP/2 sessions write below them).
  const secure = https !== undefined;
  server.on(secure ? 'secureConnection' : 'connection', (socket: Socket) => {
    if (!(http2 === true && (socket as { alpnProtocol?: string | false }).alpnProtocol === 'h2')) {
      watch.watchSocket(socket);
    }
  });
  checkPeriodically(server, watch, checkInterval(timeouts, http2 === true));
  return server;
}

/**
 * Makes the HTTP/2 server answer its streams with `listener`, on the core API. The compatibility API
 * answers them through the `stream` listener `node:http2` adds along with the server's first `request`
 * listener (given above: the HTTP/1.1 clients of a TLS server need it; once it is there, a later one
 * adds nothing): that one is removed, so no stream is answered twice or pays for its objects. A
 * stream whose headers pass `maxHeaderListSize` is reset as Node resets it (`ENHANCE_YOUR_CALM`),
 * also before the client has acknowledged the setting.
 */
function answerStreamsOnCore(server: NodeServer, listener: StreamListener, maxHeaderListSize: number): void {
  server.removeAllListeners('stream');
  server.on('stream', (stream: ServerHttp2Stream, headers: IncomingHttpHeaders) => {
    if (overUnacknowledgedLimit(stream, headers, maxHeaderListSize)) {
      stream.on('error', ignoreStreamError);
      stream.close(constants.NGHTTP2_ENHANCE_YOUR_CALM);
    } else {
      listener(stream, headers);
    }
  });
}

/** How often the watch runs: a quarter of the write timeout, and at least as often as Node's own checks. */
function checkInterval(timeouts: ServerTimeouts, http2: boolean): number {
  const periods = [timeouts.writeTimeout > 0 ? Math.ceil(timeouts.writeTimeout / 4) : Infinity];
  if (http2 && timeouts.requestTimeout > 0) periods.push(timeouts.connectionsCheckingInterval);
  return Math.min(...periods);
}

function checkPeriodically(server: NodeServer | HttpServer, watch: ConnectionWatch, interval: number): void {
  if (interval === Infinity) return;
  let timer: NodeJS.Timeout | undefined;
  server.on('listening', () => {
    clearInterval(timer);
    timer = setInterval(() => watch.check(Date.now()), interval).unref();
  });
  server.on('close', () => clearInterval(timer));
}
