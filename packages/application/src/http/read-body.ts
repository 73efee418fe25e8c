import { ApplicationError } from '../errors/application-error';

/** Default limit of the body readers: 1 MiB. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

const EMPTY = new Uint8Array(0);

/**
 * The 413 error. Its answer closes the connection: the rest of the body is never read (a declared
 * 10 GB body is not received just to be discarded).
 */
export function tooLarge(limit: number): ApplicationError {
  return new ApplicationError(
    'FRAMEWORK_ERR_BODY_TOO_LARGE',
    `The request body exceeds the limit of ${limit} bytes. Send less, or raise bodyLimit (or use BodyLimitMiddleware).`,
    { headers: CLOSE_CONNECTION },
  );
}

const CLOSE_CONNECTION = /* @__PURE__ */ Object.freeze({ connection: 'close' });

/**
 * The error for a body that ended early: the client closed the connection, or its framing was
 * malformed and Node has already answered 400. A client error, so it is not reported to `onError`.
 */
export function requestAborted(cause: unknown): ApplicationError {
  return new ApplicationError(
    'FRAMEWORK_ERR_REQUEST_ABORTED',
    'The request body ended early (the client left, or sent a malformed body).',
    { cause },
  );
}

/** Rejects early when a declared Content-Length is already over the limit. */
export function declaredTooLarge(contentLength: string | null | undefined, limit: number): boolean {
  return contentLength != null && contentLength !== '' && Number(contentLength) > limit;
}

/** Reads a WHATWG Request body into one Uint8Array, rejecting with 413 once `limit` bytes are exceeded. */
export async function readWebBody(request: Request, limit: number): Promise<Uint8Array> {
  if (declaredTooLarge(request.headers.get('content-length'), limit)) throw tooLarge(limit);
  if (request.body === null) return EMPTY;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader
      .read()
      .catch((error: unknown) => Promise.reject(requestAborted(error)));
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return concatBytes(chunks, size);
}

/** The chunks as one Uint8Array (the chunk itself when there is one). */
export function concatBytes(chunks: readonly Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
