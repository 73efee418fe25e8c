import type { IncomingHttpHeaders, ServerHttp2Stream } from 'node:http2';
import { bodyTooLarge, declaredTooLarge, requestAborted } from '@framework/application/server-kit';
import { collectBody } from './collect-body';

const EMPTY = Buffer.alloc(0);

/**
 * Reads the request body of an HTTP/2 stream (core API) into one Buffer, rejecting with 413 once
 * `limit` bytes are exceeded, and with `requestAborted` when the stream closes before the body ends
 * (the client reset it, the session went away, or the request timeout cut it).
 */
export function readHttp2Body(
  stream: ServerHttp2Stream,
  headers: IncomingHttpHeaders,
  limit: number,
): Promise<Buffer> {
  if (declaredTooLarge(headers['content-length'], limit)) return Promise.reject(bodyTooLarge(limit));
  if (stream.endAfterHeaders || stream.readableEnded) return Promise.resolve(EMPTY);
  if (stream.destroyed || stream.aborted) return Promise.reject(requestAborted(stream.errored ?? undefined));
  // A reset stream ends its readable side as if the body were complete: 'aborted' tells it apart.
  return collectBody(stream, limit, () => stream.readableEnded, stream, 'aborted');
}
