import { type AnyResponse } from '../response/any-response';
import { discardBody, discardResponse } from '../response/discard-body';
import { LightResponse } from '../response/light-response';
import { utf8ByteLength } from '../response/utf8-byte-length';

/**
 * The same status and headers without a body; an in-memory body's length stays in Content-Length. A
 * stream body is released (destroyed or cancelled) and its error ignored: the answer never needed it.
 */
export function dropBody(response: AnyResponse): AnyResponse {
  if (response instanceof LightResponse) {
    const raw = response.rawBody;
    if (raw === null) return response;
    const empty = new LightResponse(null, { status: response.status, headers: response.headers });
    if (typeof raw === 'string' || raw instanceof Uint8Array) {
      if (!empty.headers.has('content-length')) {
        empty.headers.set(
          'content-length',
          typeof raw === 'string' ? utf8ByteLength(raw) : raw.byteLength,
        );
      }
    } else discardBody(raw);
    return empty;
  }
  if (response.body === null) return response;
  discardResponse(response);
  return new Response(null, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
