import type { AnyResponse } from '../response/any-response';
import { isNullBodyStatus, LightResponse } from '../response/light-response';

/** A real WHATWG `Response` for `fetch()` callers; HEAD and 204/304 answers carry no body. */
export function toWebResponse(response: AnyResponse, isHead: boolean): Response {
  const web = response instanceof LightResponse ? response.toResponse() : response;
  if ((!isHead && !isNullBodyStatus(web.status)) || web.body === null) return web;
  void web.body.cancel().catch(() => undefined);
  return new Response(null, { status: web.status, statusText: web.statusText, headers: web.headers });
}
