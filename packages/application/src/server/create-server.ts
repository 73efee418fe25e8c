import { createServer as createHttpServer } from 'node:http';
import { createSecureServer, createServer as createH2cServer } from 'node:http2';
import { createServer as createHttpsServer } from 'node:https';
import type { NodeListener } from './create-listener';
import type { RunOptions, ServerTimeouts } from './run-options';
import type { NodeServer } from './server-types';

/**
 * The server for the transport options: `node:http`, `node:https` with `https`, `node:http2` with
 * `http2` (over TLS with `https`, HTTP/1.1 clients answered too unless `allowHTTP1: false`; else
 * cleartext h2c). Node's HTTP/1 timeouts apply to the HTTP/1 servers; HTTP/2 sessions have their own.
 */
export function createNodeServer(
  options: Pick<RunOptions, 'https' | 'http2'>,
  timeouts: ServerTimeouts,
  listener: NodeListener,
): NodeServer {
  const { https, http2 } = options;
  if (http2 === true) {
    return https === undefined
      ? createH2cServer(listener)
      : createSecureServer({ allowHTTP1: true, ...https }, listener);
  }
  return https === undefined
    ? createHttpServer(timeouts, listener)
    : createHttpsServer({ ...timeouts, ...https }, listener);
}
