import { ApplicationError } from '../errors/application-error';
import { isAuthority } from '../http/authority';

const CLOSE_CONNECTION = /* @__PURE__ */ Object.freeze({ connection: 'close' });

/**
 * The 400 error of a request whose `Host` is no authority, for a runtime that writes the Request's URL
 * as scheme, `Host` and target side by side without parsing them (Deno): there
 * `Host: evil.example/admin?` turns `GET /public` into `http://evil.example/admin?/public`, routed to
 * `/admin`. Several `Host` headers arrive joined with `, `, and are refused too (RFC 9112 §3.2).
 * `undefined` when the Host is absent or an authority.
 */
export function rawHostError(request: Request): ApplicationError | undefined {
  const host = request.headers.get('host');
  if (host === null || isAuthority(host)) return undefined;
  return new ApplicationError(
    'FRAMEWORK_ERR_REQUEST_MALFORMED_URL',
    `The Host header ${JSON.stringify(host)} is not a host with an optional port (no userinfo, path, ` +
      'query, spaces or second Host).',
    { headers: CLOSE_CONNECTION },
  );
}
