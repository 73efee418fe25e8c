import cluster from 'node:cluster';
import { consoleLogger, type ServedApplication } from '@framework/application/server-kit';
import type { RunOptions } from './server/run-options';
import { runServer } from './server/run-server';
import type { RunResult } from './server/server-types';

/**
 * Serves an application on Node, what `app.run(options)` does once this package is imported: checks
 * the setup (`app.checkBeforeRun()`: warnings to `options.logger`, else stderr, once and not again in
 * each cluster worker; an error refuses the start), then `runServer(app, options)`: listens on
 * `host`/`port` (else `HOST`/`PORT`, else 0.0.0.0:8080) over HTTP/1.1, HTTPS or HTTP/2, with Node's
 * timeouts, graceful shutdown on SIGTERM/SIGINT and, with `workers`, a cluster. Resolves to the
 * listening server (`undefined` in a cluster primary), typed for the options.
 *
 * @example
 * import { run } from '@framework/node-server';
 * const server = await run(app, { port: 8080, http2: true, https: { key, cert } });
 */
export async function run<const Options extends RunOptions = RunOptions>(
  app: ServedApplication,
  options: Options = {} as Options,
): Promise<RunResult<Options>> {
  app.checkBeforeRun(options.logger ?? consoleLogger, { warnings: !cluster.isWorker });
  const server = await runServer(app, options);
  if (server !== undefined) app.servedBy(server);
  return server;
}
