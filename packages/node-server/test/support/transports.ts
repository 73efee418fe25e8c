import type { Application } from '@framework/application';
import { type NodeServer, type RunOptions, run } from '../../src';
import type { Certificate } from './certificate';
import { type Answer, closeSession, http1Get, http2Request, http2Session, portOf } from './clients';

/** The transports `run()` serves: HTTP/1.1, HTTPS (1.1), HTTP/2 over TLS (h2) and cleartext HTTP/2 (h2c). */
export const TRANSPORTS = ['HTTP/1.1', 'HTTPS', 'h2', 'h2c'] as const;
export type Transport = (typeof TRANSPORTS)[number];

/** The transports that speak HTTP/2. */
export const HTTP2_TRANSPORTS = ['h2', 'h2c'] as const satisfies readonly Transport[];

/** The `run()` options that select a transport (a certificate for the TLS ones). */
export function transportOptions(transport: Transport, certificate: Certificate): RunOptions {
  const tls = { key: certificate.key, cert: certificate.cert };
  switch (transport) {
    case 'HTTP/1.1':
      return {};
    case 'HTTPS':
      return { https: tls };
    case 'h2':
      return { http2: true, https: tls };
    case 'h2c':
      return { http2: true };
  }
}

/** Runs the application over `transport` on an ephemeral port of 127.0.0.1, without signal handlers. */
export function serveOver(
  transport: Transport,
  app: Application,
  certificate: Certificate,
  options: RunOptions = {},
): Promise<NodeServer> {
  return run(app, {
    ...transportOptions(transport, certificate),
    ...options,
    host: '127.0.0.1',
    port: 0,
    handleSignals: false,
  });
}

/** One GET over `transport` (a fresh connection, or HTTP/2 session), with extra headers. */
export async function getOver(
  transport: Transport,
  server: NodeServer,
  certificate: Certificate,
  path: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const port = portOf(server);
  if (transport === 'h2' || transport === 'h2c') {
    const session = http2Session(port, transport === 'h2' ? certificate.cert : undefined);
    try {
      return await http2Request(session, path, { headers });
    } finally {
      await closeSession(session);
    }
  }
  return http1Get(port, path, { ca: transport === 'HTTPS' ? certificate.cert : undefined, headers });
}

export function closed(server: NodeServer): Promise<void> {
  return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
}
