import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect as tlsConnect } from 'node:tls';
import { connect as netConnect, type Socket } from 'node:net';
import type { Application } from '@framework/application';
import { type NodeServer, type RunOptions, run } from '../../src';
import type { Certificate } from '../support/certificate';
import { type ParsedAnswer, parseAnswers } from '../support/raw-http';
import { closeSession, http2Request, http2Session, portOf } from '../support/clients';

/** The transports `run()` serves: HTTP/1.1, HTTP/1.1 over TLS, HTTP/2 over TLS, cleartext HTTP/2. */
export type Transport = 'HTTP/1.1' | 'HTTPS' | 'h2' | 'h2c';

export const TRANSPORTS: readonly Transport[] = ['HTTP/1.1', 'HTTPS', 'h2', 'h2c'];

/** The transports that carry HTTP/1.1 (keep-alive and pipelining apply there only). */
export const HTTP1_TRANSPORTS: readonly Transport[] = ['HTTP/1.1', 'HTTPS'];

/** One request of a hostile case: method, path, headers, body. */
export interface Exchange {
  readonly method?: string;
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | Buffer;
}

/** What came back, whatever the transport. */
export interface TransportAnswer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A running server and how to talk to it over its transport. */
export interface ServedOver {
  readonly server: NodeServer;
  send(exchange: Exchange): Promise<TransportAnswer>;
  /**
   * A raw connection for hand-written HTTP/1.1: TCP, TLS for HTTPS, and TLS asking for `http/1.1` by
   * ALPN for h2 (its HTTP/1.1 fallback); not for h2c.
   */
  connect(): Socket;
  close(): Promise<void>;
}

/** Runs `app` on 127.0.0.1 over `transport` (no signal handlers). */
export async function serveOver(
  app: Application,
  transport: Transport,
  certificate: Certificate,
  options: RunOptions = {},
): Promise<ServedOver> {
  const tls = { key: certificate.key, cert: certificate.cert };
  const base = { ...options, host: '127.0.0.1', port: 0, handleSignals: false } as const;
  const server: NodeServer =
    transport === 'HTTP/1.1'
      ? await run(app, base)
      : transport === 'HTTPS'
        ? await run(app, { ...base, https: tls })
        : transport === 'h2'
          ? await run(app, { ...base, http2: true, https: tls })
          : await run(app, { ...base, http2: true });
  const port = portOf(server);
  const ca = certificate.cert;
  return {
    server,
    send: (exchange) =>
      transport === 'h2' || transport === 'h2c'
        ? sendHttp2(port, transport === 'h2' ? ca : undefined, exchange)
        : sendHttp1(port, transport === 'HTTPS' ? ca : undefined, exchange),
    connect: () =>
      transport === 'HTTPS' || transport === 'h2'
        ? tlsConnect({ host: '127.0.0.1', port, ca, servername: 'localhost', ALPNProtocols: ['http/1.1'] })
        : netConnect(port, '127.0.0.1'),
    close: () =>
      new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/**
 * Writes `steps` on one raw connection (TCP, or TLS for HTTPS) and reads until the server closes it;
 * with `endAfter`, the client half-closes once that many answers came (a server that keeps the
 * connection then closes it too). `endedByClient` tells whether the server was still serving when the
 * client ended.
 */
export function exchange(
  served: ServedOver,
  steps: readonly (string | Buffer)[],
  endAfter?: number,
): Promise<{ answers: ParsedAnswer[]; rest: string; endedByClient: boolean }> {
  const socket = served.connect();
  const chunks: Buffer[] = [];
  let endedByClient = false;
  return new Promise((resolve, reject) => {
    socket.setTimeout(10_000, () => socket.destroy(new Error('The server did not close the connection')));
    socket.once(socket.constructor.name === 'TLSSocket' ? 'secureConnect' : 'connect', () => {
      for (const step of steps) if (!socket.destroyed) socket.write(step);
    });
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (endAfter === undefined || endedByClient) return;
      if (parseAnswers(Buffer.concat(chunks).toString('latin1')).answers.length >= endAfter) {
        endedByClient = true;
        socket.end();
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () =>
      resolve({ ...parseAnswers(Buffer.concat(chunks).toString('latin1')), endedByClient }),
    );
  });
}

function sendHttp1(port: number, ca: string | undefined, exchange: Exchange): Promise<TransportAnswer> {
  return new Promise((resolve, reject) => {
    const options = {
      host: '127.0.0.1',
      port,
      method: exchange.method ?? 'GET',
      path: exchange.path,
      headers: exchange.headers,
      agent: false,
    };
    const onResponse = (res: import('node:http').IncomingMessage): void => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      res.on('error', reject);
    };
    const req =
      ca === undefined ? httpRequest(options, onResponse) : httpsRequest({ ...options, ca }, onResponse);
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`no answer to ${exchange.path} within 10 s`)));
    req.end(exchange.body);
  });
}

async function sendHttp2(port: number, ca: string | undefined, exchange: Exchange): Promise<TransportAnswer> {
  const session = http2Session(port, ca);
  try {
    const answer = await http2Request(session, exchange.path, {
      method: exchange.method,
      headers: exchange.headers as Record<string, string> | undefined,
      body: exchange.body as string | undefined,
    });
    return { status: answer.status, headers: answer.headers as IncomingHttpHeaders, body: answer.body };
  } finally {
    await closeSession(session);
  }
}
