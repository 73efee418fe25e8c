import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { reportServing } from '../cluster/report-serving';
import { runPrimary } from '../cluster/run-primary';
import { checkWorkerScript } from '../cluster/worker-script';
import type { RequestHandler } from '@framework/application';
import { consoleLogger } from '@framework/application/server-kit';
import { closeWithin } from './close-within';
import { createListener } from './create-listener';
import { createNodeServer } from './create-server';
import { createStreamListener } from './create-stream-listener';
import { exitOnShutdown } from './exit-on-shutdown';
import { serverLogger } from './default-logger';
import { describeServed, logListening, urlOf } from './lifecycle-log';
import {
  checkTransport,
  resolvePort,
  resolveRestartLimits,
  resolveShutdownTimeout,
  resolveTimeouts,
  resolveWorkers,
  type RunOptions,
} from './run-options';
import type { NodeServer, RunResult } from './server-types';

/**
 * Serves a handler with `node:http` (`node:https` with `https`, `node:http2` with `http2`). Resolves
 * to the listening server; its `close()` stops accepting connections, lets in-flight requests finish
 * (their connections close after the answer), destroys the connections still busy after
 * `shutdownTimeout`, and then closes. SIGTERM/SIGINT do the same, then exit the process.
 *
 * With `workers` above 1, the calling process becomes a node:cluster primary: it forks the workers
 * (each runs the same script, and there `run()` resolves to the worker's server), replaces those
 * that die, and resolves to `undefined` once all of them listen. See `RunOptions`.
 *
 * @example
 * const server = await runServer(app, { host: '127.0.0.1', port: 0, requestTimeout: 30_000 });
 * server.keepAliveTimeout; // 5000
 */
export async function runServer<const Options extends RunOptions = RunOptions>(
  handler: RequestHandler,
  options: Options = {} as Options,
): Promise<RunResult<Options>> {
  // Every option is checked before anything listens or forks, so a mistake fails once, here.
  const host = options.host ?? process.env.HOST ?? '0.0.0.0';
  const port = resolvePort(options.port);
  const shutdownTimeout = resolveShutdownTimeout(options);
  const timeouts = resolveTimeouts(options);
  const workers = resolveWorkers(options.workers);
  resolveRestartLimits(options);
  checkTransport(options);
  // A worker's own stop line would repeat the primary's, which reports for all of them.
  const logger = cluster.isWorker ? (options.logger ?? consoleLogger) : serverLogger(options.logger);
  const secure = options.https !== undefined;
  const served = describeServed(handler);
  if (workers > 1 && cluster.isPrimary) {
    checkWorkerScript(workers);
    await runPrimary(workers, options, served);
    return undefined as RunResult<Options>;
  }
  const listeners = {
    request: createListener(handler),
    stream: createStreamListener(handler),
  };
  const server = closeWithin(createNodeServer(options, timeouts, listeners), shutdownTimeout);
  reportServing(server);
  await listen(server, port, host);
  const address = server.address() as AddressInfo;
  // The workers of a cluster started here are announced once, by their primary.
  if (workers === 1) logListening(logger, address, secure, served, 1);
  exitOnShutdown(server, {
    signals: options.handleSignals !== false,
    logger,
    url: urlOf(address, secure),
  });
  return server as RunResult<Options>;
}

function listen(server: NodeServer, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
