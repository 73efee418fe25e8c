import { createServer, type Server } from 'node:http';
import { ApplicationError } from '../errors/application-error';
import type { RequestHandler } from '../pipeline/types';
import { createListener } from './create-listener';
import { closeWithin } from './close-within';

/** Options of `run()`. The timeouts are Node's own server timeouts, with Node's own defaults. */
export interface RunOptions {
  /** Address to listen on; default `HOST`, else `0.0.0.0`. */
  readonly host?: string;
  /** Port to listen on (0 picks a free one); default `PORT`, else 8080. */
  readonly port?: number;
  /** Shut down gracefully on SIGTERM/SIGINT, then exit (default true). */
  readonly handleSignals?: boolean;
  /**
   * After `server.close()` or a signal, milliseconds to wait for in-flight requests before their
   * connections are destroyed so the server can close (default 10000).
   */
  readonly shutdownTimeout?: number;
  /** Milliseconds a client has to send the request headers; later it gets a 408 (default 60000, 0 = none). */
  readonly headersTimeout?: number;
  /** Milliseconds a client has to send the whole request, body included; later it gets a 408 (default 300000, 0 = none). */
  readonly requestTimeout?: number;
  /** Milliseconds an idle keep-alive connection stays open between requests (default 5000). */
  readonly keepAliveTimeout?: number;
  /**
   * Milliseconds between Node's checks of `headersTimeout` and `requestTimeout` (default 30000, at
   * least 1): a slow client is cut when the first check after its deadline runs, so up to this much late.
   */
  readonly connectionsCheckingInterval?: number;
}

/** Node's own defaults (Node 18+): they bound slow clients even without a proxy in front. */
const DEFAULT_TIMEOUTS = {
  headersTimeout: 60_000,
  requestTimeout: 300_000,
  keepAliveTimeout: 5_000,
  connectionsCheckingInterval: 30_000,
};
const DEFAULT_SHUTDOWN_TIMEOUT = 10_000;

function resolvePort(port: number | undefined): number {
  const value = port ?? (process.env.PORT ? Number(process.env.PORT) : 8080);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new ApplicationError(
      'FRAMEWORK_ERR_APP_INVALID_OPTION',
      `Port ${JSON.stringify(port ?? process.env.PORT)} is not a port number (0-65535); set run({ port }) or PORT.`,
    );
  }
  return value;
}

function milliseconds(name: keyof RunOptions, value: unknown, fallback: number, least = 0): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < least) {
    throw new ApplicationError(
      'FRAMEWORK_ERR_APP_INVALID_OPTION',
      `run({ ${name} }) must be a whole number of milliseconds (${least} or more), got ${String(value)}.`,
    );
  }
  return value;
}

function resolveTimeouts(options: RunOptions) {
  const timeouts = {
    headersTimeout: milliseconds('headersTimeout', options.headersTimeout, DEFAULT_TIMEOUTS.headersTimeout),
    requestTimeout: milliseconds('requestTimeout', options.requestTimeout, DEFAULT_TIMEOUTS.requestTimeout),
    keepAliveTimeout: milliseconds(
      'keepAliveTimeout',
      options.keepAliveTimeout,
      DEFAULT_TIMEOUTS.keepAliveTimeout,
    ),
    // 0 would make Node check every connection on every tick.
    connectionsCheckingInterval: milliseconds(
      'connectionsCheckingInterval',
      options.connectionsCheckingInterval,
      DEFAULT_TIMEOUTS.connectionsCheckingInterval,
      1,
    ),
  };
  if (timeouts.requestTimeout > 0 && timeouts.headersTimeout > timeouts.requestTimeout) {
    throw new ApplicationError(
      'FRAMEWORK_ERR_APP_INVALID_OPTION',
      `run({ headersTimeout }) (${timeouts.headersTimeout}) must not be longer than requestTimeout ` +
        `(${timeouts.requestTimeout}): the headers are part of the request.`,
    );
  }
  return timeouts;
}

/**
 * Serves a handler with `node:http`. Resolves to the listening server; its `close()` stops accepting
 * connections, lets in-flight requests finish (their connections close after the answer), destroys
 * the connections still busy after `shutdownTimeout`, and then closes. SIGTERM/SIGINT do the same,
 * then exit the process. The effective timeouts are the server's own `headersTimeout`,
 * `requestTimeout` and `keepAliveTimeout` properties.
 *
 * @example
 * const server = await runServer(app, { host: '127.0.0.1', port: 0, requestTimeout: 30_000 });
 * server.keepAliveTimeout; // 5000
 */
export async function runServer(handler: RequestHandler, options: RunOptions = {}): Promise<Server> {
  const host = options.host ?? process.env.HOST ?? '0.0.0.0';
  const port = resolvePort(options.port);
  const shutdownTimeout = milliseconds('shutdownTimeout', options.shutdownTimeout, DEFAULT_SHUTDOWN_TIMEOUT);
  const server = closeWithin(
    createServer(resolveTimeouts(options), createListener(handler)),
    shutdownTimeout,
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  if (options.handleSignals !== false) handleSignals(server);
  return server;
}

function handleSignals(server: Server): void {
  const onSignal = (): void => {
    detach();
    server.close((error) => process.exit(error ? 1 : 0));
  };
  const detach = (): void => {
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  server.once('close', detach);
}
