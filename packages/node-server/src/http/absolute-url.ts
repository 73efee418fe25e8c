import type { IncomingHttpHeaders } from 'node:http';

/**
 * The absolute URL of a request target: as it is when already absolute, else with the scheme
 * (HTTP/2's `:scheme`, or whether the connection is TLS) and the host (HTTP/2's `:authority`, which
 * RFC 9113 §8.3.1 puts before `Host`, or `Host`, or `localhost`) in front.
 */
export function absoluteUrl(
  target: string,
  headers: IncomingHttpHeaders,
  connection: { readonly encrypted?: boolean } | null | undefined,
): string {
  if (target.charCodeAt(0) !== 47) return target;
  const scheme =
    (headers[':scheme'] as string | undefined) ?? (connection?.encrypted === true ? 'https' : 'http');
  const host = (headers[':authority'] as string | undefined) ?? headers.host ?? 'localhost';
  return `${scheme}://${host}${target}`;
}
