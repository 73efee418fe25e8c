import { connect, type ClientHttp2Session, type IncomingHttpHeaders } from 'node:http2';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { NodeServer } from '../../src';

export interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
  /** `1.1` or `2.0`. */
  readonly httpVersion: string;
}

export function portOf(server: NodeServer): number {
  return (server.address() as AddressInfo).port;
}

/** One HTTPS/1.1 request to 127.0.0.1, trusting `ca`. */
export function httpsGet(port: number, path: string, ca: string): Promise<Answer> {
  return http1Get(port, path, { ca });
}

/** One HTTP/1.1 GET to 127.0.0.1 over a fresh connection: over TLS trusting `ca`, else plain. */
export function http1Get(
  port: number,
  path: string,
  { ca, headers = {} }: { ca?: string; headers?: Record<string, string> },
): Promise<Answer> {
  const send = ca === undefined ? httpRequest : httpsRequest;
  return new Promise((resolve, reject) => {
    const req = send({ host: '127.0.0.1', port, path, ca, headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, httpVersion: res.httpVersion }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`no answer to ${path} within 10 s`)));
    req.end();
  });
}

/** An HTTP/2 session to 127.0.0.1: over TLS trusting `ca`, else cleartext (h2c). */
export function http2Session(port: number, ca?: string): ClientHttp2Session {
  const session =
    ca === undefined ? connect(`http://127.0.0.1:${port}`) : connect(`https://127.0.0.1:${port}`, { ca });
  session.on('error', () => undefined); // reported through the request instead
  return session;
}

/** One request on an HTTP/2 session. */
export function http2Request(
  session: ClientHttp2Session,
  path: string,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const stream = session.request({ ':path': path, ':method': init.method ?? 'GET', ...init.headers });
    let headers: IncomingHttpHeaders = {};
    let body = '';
    stream.setEncoding('utf8');
    stream.on('response', (received) => (headers = received));
    stream.on('data', (chunk: string) => (body += chunk));
    stream.on('end', () =>
      resolve({ status: Number(headers[':status']), headers, body, httpVersion: '2.0' }),
    );
    stream.on('error', reject);
    stream.setTimeout(10_000, () => stream.close());
    stream.end(init.body);
  });
}

export function closeSession(session: ClientHttp2Session): Promise<void> {
  return new Promise((resolve) => session.close(() => resolve()));
}
