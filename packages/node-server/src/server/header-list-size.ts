import type { IncomingHttpHeaders, ServerHttp2Stream } from 'node:http2';

/**
 * Whether a stream's request headers pass `limit` bytes, counted as HTTP/2 counts a header list
 * (RFC 9113 §6.5.2: each field's name and value, plus 32), while the client has not acknowledged the
 * server's SETTINGS. Node enforces `maxHeaderListSize` only from that acknowledgement on: a client
 * that never sends it could hand a handler headers up to the session's memory cap (10 MB) otherwise.
 * Once it is acknowledged, Node has already reset every stream over the limit: nothing is counted.
 */
export function overUnacknowledgedLimit(
  stream: ServerHttp2Stream,
  headers: IncomingHttpHeaders,
  limit: number,
): boolean {
  if (stream.session?.pendingSettingsAck !== true) return false;
  let size = 0;
  for (const name of Object.keys(headers)) {
    const value = headers[name];
    const values = Array.isArray(value) ? value : [value ?? ''];
    for (const item of values) size += name.length + item.length + 32;
  }
  return size > limit;
}
