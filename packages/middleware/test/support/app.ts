import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import {
  APPLICATION_SERVICE,
  Application,
  ApplicationFactory,
  type Middleware,
  ROUTER_SERVICE,
  SimpleContainer,
} from '@framework/application';
import { run } from '@framework/node-server';
import { FindMyWayRouter } from '@framework/router-fmw';

/** An application that pipes `middleware` first, then routing and dispatch; quiet about 5xx. */
export function appWith(...middleware: Middleware[]): Application {
  const app = new Application(new FindMyWayRouter(), { development: false, onError: () => undefined });
  for (const entry of middleware) app.pipe(entry);
  app.pipeRoutingMiddleware();
  app.pipeDispatchMiddleware();
  return app;
}

/**
 * The application `ApplicationFactory` builds from configuration: a `middleware_pipeline` entry for
 * `middleware` (a middleware, or the name of one of `services`) under `path`, then routing and
 * dispatch, and `routes`.
 */
export function appFromConfig(
  middleware: unknown,
  options: { path?: string; routes?: unknown[]; services?: Record<string, () => unknown> } = {},
): Application {
  const config = {
    middleware_pipeline: [
      { middleware, priority: 10, ...(options.path === undefined ? {} : { path: options.path }) },
      { middleware: [Application.ROUTING_MIDDLEWARE, Application.DISPATCH_MIDDLEWARE] },
    ],
    routes: options.routes ?? [],
  };
  const container = new SimpleContainer()
    .setService('config', config)
    .setService(ROUTER_SERVICE, new FindMyWayRouter())
    .setFactory(APPLICATION_SERVICE, ApplicationFactory);
  for (const [id, factory] of Object.entries(options.services ?? {})) container.setFactory(id, factory);
  return container.get<Application>(APPLICATION_SERVICE);
}

/** `app.fetch` with a path instead of a full URL. */
export function call(app: Application, path: string, init?: RequestInit): Promise<Response> {
  return app.fetch(new Request(`http://localhost${path}`, init));
}

/** A running application on an ephemeral port of 127.0.0.1. */
export interface Served {
  readonly origin: string;
  close(): Promise<void>;
}

export async function listen(app: Application): Promise<Served> {
  const server: Server = await run(app, { host: '127.0.0.1', port: 0, handleSignals: false });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** What came back over the socket: status, headers and the body bytes exactly as sent (not decoded). */
export interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/**
 * Sends one request with node:http, the path written as given (no URL normalisation, so `..` and
 * `%2e%2e` reach the server), and reads the whole answer; fails after five seconds.
 */
export function send(
  origin: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const { port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: options.headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(5_000, () =>
      req.destroy(new Error(`No answer to ${options.method ?? 'GET'} ${path} within 5 s`)),
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Writes `text` as is on a fresh connection to 127.0.0.1 and reads until the server closes it. */
export function rawExchange(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(5_000, () => socket.destroy(new Error('no answer within 5 s')));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
    socket.write(text);
  });
}
