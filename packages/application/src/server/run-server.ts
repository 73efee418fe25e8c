import { createServer, type Server } from 'node:http';
import { ApplicationError } from '../errors/application-error';
import type { RequestHandler } from '../pipeline/types';
import { createListener } from './create-listener';

/** Options of `run()`. */
export interface RunOptions {
  /** Address to listen on; default `HOST`, else `0.0.0.0`. */
  readonly host?: string;
  /** Port to listen on (0 picks a free one); default `PORT`, else 8080. */
  readonly port?: number;
  /** Shut down gracefully on SIGTERM/SIGINT, then exit (default true). */
  readonly handleSignals?: boolean;
  /** After a signal, milliseconds to wait for in-flight requests before closing their connections (default 10000). */
  readonly shutdownTimeout?: number;
}

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

/**
 * Serves a handler with `node:http`. Resolves to the listening server; its `close()` stops accepting
 * connections, lets in-flight requests finish (their connections close after the answer) and then
 * closes. SIGTERM/SIGINT do the same, then exit the process.
 *
 * @example
 * const server = await runServer(app, { host: '127.0.0.1', port: 0 });
 */
export async function runServer(handler: RequestHandler, options: RunOptions = {}): Promise<Server> {
  const host = options.host ?? process.env.HOST ?? '0.0.0.0';
  const port = resolvePort(options.port);
  const server = createServer(createListener(handler));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  if (options.handleSignals !== false) handleSignals(server, options.shutdownTimeout ?? 10_000);
  return server;
}

function handleSignals(server: Server, timeout: number): void {
  const onSignal = (): void => {
    detach();
    server.close((error) => process.exit(error ? 1 : 0));
    setTimeout(() => server.closeAllConnections(), timeout).unref();
  };
  const detach = (): void => {
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  server.once('close', detach);
}
