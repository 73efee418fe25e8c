import type { ServerRequest } from '@framework/application';

/**
 * Whether the client reached the application over HTTPS: the request's own scheme, or a proxy's
 * `X-Forwarded-Proto: https` / `Forwarded: proto=https`. These headers are believed without a
 * trust-proxy setting because they can only make the cookie stricter: a client that forges them over
 * plain HTTP gets a `Secure` cookie its browser will not keep, and a browser cannot add them to a
 * cross-site request.
 */
export function isSecureRequest(request: ServerRequest): boolean {
  if (request.url.startsWith('https:')) return true;
  const forwardedProto = request.header('x-forwarded-proto');
  if (forwardedProto !== undefined) return firstEntry(forwardedProto, ',').trim().toLowerCase() === 'https';
  const forwarded = request.header('forwarded');
  if (forwarded === undefined) return false;
  return /(?:^|;)\s*proto\s*=\s*"?https"?\s*(?:;|$)/i.test(firstEntry(forwarded, ','));
}

function firstEntry(value: string, separator: string): string {
  const end = value.indexOf(separator);
  return end === -1 ? value : value.slice(0, end);
}
