import { ApplicationError } from '../errors/application-error';
import type { NodeRequest } from './node-message';

/** Default limit of the body readers: 1 MiB. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

const EMPTY = Buffer.alloc(0);

/**
 * The 413 error. Its answer closes the connection: the rest of the body is never read (a declared
 * 10 GB body is not received just to be discarded).
 */
export function tooLarge(limit: number): ApplicationError {
  return new ApplicationError(
    'FRAMEWORK_ERR_BODY_TOO_LARGE',
    `The request body exceeds the limit of ${limit} bytes. Send a smaller body, or raise the limit with the ` +
      'Application option `bodyLimit` or BodyLimitMiddleware for this path.',
    { headers: CLOSE_CONNECTION },
  );
}

const CLOSE_CONNECTION = Object.freeze({ connection: 'close' });

/**
 * The error for a body that ended early: the client closed the connection, or its framing was
 * malformed and Node has already answered 400. A client error, so it is not reported to `onError`.
 */
function aborted(cause: unknown): ApplicationError {
  return new ApplicationError(
    'FRAMEWORK_ERR_REQUEST_ABORTED',
    'The request body ended early: the client closed the connection or sent a malformed body.',
    { cause },
  );
}

/** Rejects early when a declared Content-Length is already over the limit. */
export function declaredTooLarge(contentLength: string | null | undefined, limit: number): boolean {
  return contentLength != null && contentLength !== '' && Number(contentLength) > limit;
}

/** Reads a Node request body into one Buffer, rejecting with 413 once `limit` bytes are exceeded. */
export function readNodeBody(req: NodeRequest, limit: number): Promise<Buffer> {
  if (declaredTooLarge(req.headers['content-length'], limit)) return Promise.reject(tooLarge(limit));
  if (req.readableEnded) return Promise.resolve(EMPTY);
  // The client left before the read began: the events below have already been emitted.
  if (req.destroyed || (!req.complete && req.socket.destroyed)) {
    return Promise.reject(aborted(req.errored ?? undefined));
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
        reject(tooLarge(limit));
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
      reject(aborted(error));
    };
    // Once an answer has gone out (timeout() answered first), Node no longer destroys the request when
    // its connection closes (a 408 of requestTimeout, a client that leaves): only the socket tells.
    const onClose = (): void => {
      if (req.complete) return;
      cleanup();
      reject(aborted(undefined));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
    socket.on('close', onClose);
  });
}

/** Reads a WHATWG Request body into one Buffer with the same limit rules. */
export async function readWebBody(request: Request, limit: number): Promise<Buffer> {
  if (declaredTooLarge(request.headers.get('content-length'), limit)) throw tooLarge(limit);
  if (request.body === null) return EMPTY;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read().catch((error: unknown) => Promise.reject(aborted(error)));
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}
