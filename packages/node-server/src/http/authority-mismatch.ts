import type { IncomingHttpHeaders } from 'node:http2';
import { HttpError } from '@framework/application';

/**
 * The 400 error of an HTTP/2 request whose `Host` header names another authority than its
 * `:authority` (RFC 9113 §8.3.1 calls it malformed): a proxy routing on one and the application
 * reading the other would disagree on the site the request is for. Compared after scheme-based
 * normalization: without case, a default port (80 for http, 443 for https) left out.
 */
export function authorityMismatch(headers: IncomingHttpHeaders): HttpError | undefined {
  const host = headers.host;
  const authority = headers[':authority'];
  if (host === undefined || authority === undefined) return undefined;
  const scheme = headers[':scheme'];
  if (normalized(host, scheme) === normalized(authority, scheme)) return undefined;
  return new HttpError(
    400,
    `The Host header ${JSON.stringify(host)} names another authority than :authority ` +
      `${JSON.stringify(authority)}; send the authority once, in :authority.`,
  );
}

function normalized(authority: string | string[], scheme: string | string[] | undefined): string {
  const lower = String(authority).toLowerCase();
  const defaultPort = scheme === 'https' ? ':443' : scheme === 'http' ? ':80' : undefined;
  return defaultPort !== undefined && lower.endsWith(defaultPort)
    ? lower.slice(0, -defaultPort.length)
    : lower;
}
