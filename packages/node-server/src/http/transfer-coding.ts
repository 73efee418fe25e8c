import type { IncomingMessage } from 'node:http';

/** A list of codings whose final one is chunked, after at least one other. */
const CODED_THEN_CHUNKED = /,[ \t]*chunked[ \t]*$/i;

/**
 * Whether an HTTP/1 request's body comes in a transfer coding besides chunked (`gzip, chunked`,
 * `identity, chunked`): Node removes the chunked framing only and would hand the coded bytes on as
 * the body. A list that does not end with chunked is left to Node, which answers 400 and closes (RFC
 * 9112 §6.3).
 */
export function hasUnknownTransferCoding(req: IncomingMessage): boolean {
  const coding = req.headers['transfer-encoding'];
  return coding !== undefined && CODED_THEN_CHUNKED.test(coding);
}
