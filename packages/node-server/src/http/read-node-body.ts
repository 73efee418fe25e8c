import { bodyTooLarge, declaredTooLarge, requestAborted } from '@framework/application/server-kit';
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
  const { socket } = req;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
      socket.off('close', onClose);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.resume(); // discard what arrives until the 413 is written and the connection closed
        reject(bodyTooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      cleanup();
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size));
    };
    const onError = (error: Error): void => {
      cleanup();
      reject(requestAborted(error));
    };
    // Once an answer has gone out (timeout() answered first), Node no longer destroys the request when
    // its connection closes (a 408 of requestTimeout, a client that leaves): only the socket tells.
    const onClose = (): void => {
      if (req.complete) return;
      cleanup();
      reject(requestAborted(undefined));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
    socket.on('close', onClose);
  });
}

