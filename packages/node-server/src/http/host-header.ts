import type { IncomingMessage } from 'node:http';
import { HttpError } from '@framework/application';
import { isAuthority } from '@framework/application/server-kit';

/** The answer closes the connection, as Node's own 400s do: the client is not one to keep talking to. */
const CLOSE = { headers: { connection: 'close' } } as const;

/**
 * Checks the `Host` of an HTTP/1 request. Returns the 400 error of a repeated `Host` or of one that
 * is no authority (RFC 9112 §3.2: a server MUST answer 400): Node keeps the first of several and
 * takes any value, and the absolute URL is built from it, so `Host: evil.example/admin?x=` would move
 * `request.url` to another path than the one routed. For an absolute-form target, whose authority
 * the server MUST use instead of `Host` (RFC 9112 §3.2.2), `headers.host` becomes that authority, so
 * the header and `request.url` name the same site.
 */
export function checkHost(req: IncomingMessage): HttpError | undefined {
  const error = hostError(req.rawHeaders);
  if (error !== undefined) return error;
  const target = req.url ?? '/';
  if (target.charCodeAt(0) !== 47) adoptTargetAuthority(req, target);
  return undefined;
}

// This is the hot path of every HTTP/1 request: the raw headers are read, so Node need not build
// `req.headers` for a request whose middleware never asks for it.
function hostError(raw: readonly string[]): HttpError | undefined {
  let host: string | undefined;
  let count = 0;
  for (let index = 0; index < raw.length; index += 2) {
    const name = raw[index] as string;
    if (name.length === 4 && name.toLowerCase() === 'host') {
      count += 1;
      host ??= raw[index + 1];
    }
  }
  if (count > 1) {
    return new HttpError(400, `The request carries ${count} Host headers; send exactly one.`, CLOSE);
  }
  return host === undefined || isAuthority(host) ? undefined : invalidHost(host);
}

function adoptTargetAuthority(req: IncomingMessage, target: string): void {
  // A target that is no http(s) URL is answered 400 by the routing; its Host does not matter.
  if (!URL.canParse(target)) return;
  const { host } = new URL(target);
  if (host !== '') req.headers.host = host;
}

function invalidHost(host: string): HttpError {
  return new HttpError(
    400,
    `The Host header ${JSON.stringify(host)} is not a host with an optional port (no userinfo, path, ` +
      'query or spaces).',
    CLOSE,
  );
}
