import { type AnyResponse } from '../response/any-response';
import { LightResponse } from '../response/light-response';

/** The same status and headers without a body; an in-memory body's length stays in Content-Length. */
export function dropBody(response: AnyResponse): AnyResponse {
  if (response instanceof LightResponse) {
    const raw = response.rawBody;
    if (raw === null) return response;
    const empty = new LightResponse(null, { status: response.status, headers: response.headers });
    if ((typeof raw === 'string' || raw instanceof Uint8Array) && !empty.headers.has('content-length')) {
      empty.headers.set('content-length', typeof raw === 'string' ? Buffer.byteLength(raw) : raw.byteLength);
    }
    return empty;
  }
  if (response.body === null) return response;
  void response.body.cancel().catch(() => undefined);
  return new Response(null, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
