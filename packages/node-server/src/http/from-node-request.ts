import { ServerRequest, type ServerRequestOptions } from '@framework/application';
import { compileTrustProxy } from '@framework/application/server-kit';
import type { NodeRequest, NodeResponse } from './node-message';
import { NodeRequestSource } from './node-request-source';

/**
 * Wraps a Node request (`node:http`, `node:https` or `node:http2`) as the `ServerRequest` middleware
 * sees on every runtime; nothing is parsed until asked for. With `res`, `request.signal` aborts only
 * when the connection closes before the answer is written (without it, when the connection closes).
 * `options.clientAddress` does not apply: the socket knows the peer.
 *
 * @example
 * http.createServer((req, res) => {
 *   const request = fromNodeRequest(req, { bodyLimit: 64 * 1024 }, res);
 *   // app.handle(request) ...
 * });
 */
export function fromNodeRequest(
  req: NodeRequest,
  options?: ServerRequestOptions,
  res?: NodeResponse,
): ServerRequest {
  const source = new NodeRequestSource(req, res, compileTrustProxy(options?.trustProxy));
  return ServerRequest.fromSource(source, options);
}
