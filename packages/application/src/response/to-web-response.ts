import type { AnyResponse } from '../response/any-response';
import { isNullBodyStatus, LightResponse } from '../response/light-response';
import { runtimeTypesTextAsHelper, TEXT_PLAIN_UTF8 } from './runtime-text-type';

/**
 * A real WHATWG `Response` for `fetch()` callers; HEAD and 204/304 answers carry no body.
 *
 * `serverTypesText`: the runtime's own server writes the answer (Bun's `Bun.serve`), and sends a text
 * body without a content type as its default `text/plain;charset=utf-8`. A `TextResponse` with no
 * other header is then handed over as bare text once the runtime's default is known to mean
 * `text/plain; charset=utf-8` (`runtimeTypesTextAsHelper`): the same media type and charset, without a
 * `Headers` built per answer. Such a `Response` lists no content type until the server writes it.
 */
export function toWebResponse(response: AnyResponse, isHead: boolean, serverTypesText = false): Response {
  if (serverTypesText && !isHead && response instanceof LightResponse) {
    const text = response.bareText(TEXT_PLAIN_UTF8);
    if (text !== undefined && runtimeTypesTextAsHelper()) {
      return response.status === 200 ? new Response(text) : new Response(text, { status: response.status });
    }
  }
  const web = response instanceof LightResponse ? response.toResponse() : response;
  if ((!isHead && !isNullBodyStatus(web.status)) || web.body === null) return web;
  void web.body.cancel().catch(() => undefined);
  return new Response(null, { status: web.status, statusText: web.statusText, headers: web.headers });
}
