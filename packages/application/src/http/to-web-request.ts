import type { RequestSource } from './request-source';

const NO_BODY_METHODS = new Set(['GET', 'HEAD']);

/** Builds a WHATWG Request for `ServerRequest.toRequest()`; the body streams from the shared buffer. */
export function buildWebRequest(
  source: RequestSource,
  method: string,
  path: string,
  readBody: () => Promise<Uint8Array>,
): Request {
  const url = new URL(source.url());
  url.pathname = path;
  const headers = new Headers();
  const raw = source.headers();
  for (const name of Object.keys(raw)) {
    if (name.charCodeAt(0) === 58 /* : */) continue; // HTTP/2 pseudo-headers
    const value = raw[name];
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  if (NO_BODY_METHODS.has(method)) return new Request(url, { method, headers });
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const bytes = await readBody();
      if (bytes.byteLength > 0) controller.enqueue(new Uint8Array(bytes));
      controller.close();
    },
  });
  return new Request(url, { method, headers, body, duplex: 'half' } as RequestInit);
}
