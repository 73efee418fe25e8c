import { bodyTooLarge, declaredTooLarge, requestAborted } from '@framework/application/server-kit';
import { collectBody } from './collect-body';
import { sendContinue } from './expect-continue';
import type { NodeRequest, NodeResponse } from './node-message';

const EMPTY = Buffer.alloc(0);

/**
 * Reads a Node request body into one Buffer, rejecting with 413 once `limit` bytes are exceeded. A
 * client waiting for `100 Continue` gets it here, once the declared length is known to fit.
 */
export function readNodeBody(req: NodeRequest, limit: number, res?: NodeResponse): Promise<Buffer> {
  if (declaredTooLarge(req.headers['content-length'], limit)) return Promise.reject(bodyTooLarge(limit));
  if (req.readableEnded) return Promise.resolve(EMPTY);
  // The client left before the read began: the events below have already been emitted.
  if (req.destroyed || (!req.complete && req.socket.destroyed)) {
    return Promise.reject(requestAborted(req.errored ?? undefined));
  }
  sendContinue(req, res);
  // Once an answer has gone out (timeout() answered first), Node no longer destroys the request when
  // its connection closes (a 408 of requestTimeout, a client that leaves): only the socket tells.
  return collectBody(req, limit, () => req.complete, req.socket);
}
