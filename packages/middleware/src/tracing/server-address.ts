/** `server.address` and `server.port`, from the `Host` (or HTTP/2 `:authority`) the client sent. */
export interface ServerAddress {
  readonly address: string;
  readonly port: number;
}

// A registered name, an IPv4 address or a bracketed IPv6 literal, then an optional port (RFC 9110 §7.2).
const HOST = /^(\[[0-9A-Fa-f:.]{2,45}\]|[A-Za-z0-9._~!$&'()*+,;=%-]{1,253})(?::(\d{1,5}))?$/;

/**
 * The address and port the client named; `undefined` for a missing or malformed host, which is then
 * left out rather than recorded raw. Without a port, the scheme's default.
 */
export function serverAddressOf(host: string | undefined, scheme: string): ServerAddress | undefined {
  if (host === undefined) return undefined;
  const match = HOST.exec(host);
  if (match === null) return undefined;
  const port = match[2] === undefined ? (scheme === 'https' ? 443 : 80) : Number(match[2]);
  if (port > 65535) return undefined;
  const address = (match[1] as string).replace(/^\[(.*)\]$/, '$1');
  return { address, port };
}
