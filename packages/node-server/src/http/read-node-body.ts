import { bodyTooLarge, declaredTooLarge, requestAborted } from '@framework/application/server-kit';
import { collectBody } from './collect-body';
import type { NodeRequest } from './node-message';

const EMPTY = Buffer.alloc(0);

/** Reads a Node request body into one Buffer, rejecting with 413 once `limit` bytes are exceeded. */
export function readNodeBody(req: NodeRequest, limit: number): Promise<Buffer> {
  if (declaredTooLarge(req.headers['content-length'], limit)) return Promise.reject(bodyTooLarge(limit));
  if (req.readableEnded) return Promise.resolve(EMPTY);
  // The client left before the read began: the events below have already been emitted.
  if (req.destroyed || (!req.complete && req.socket.destroyed)) {
    return Promise.reject(requestAborted(req.errored ?? undefined));
  }
  // Once an answer has gone out (timeout() answered first), Node no longer destroys the request when
  // its connection closes (a 408 of requestTimeout, a client that leaves): only the socket tells.
  return collectBody(req, limit, () => req.complete, req.socket);
}
