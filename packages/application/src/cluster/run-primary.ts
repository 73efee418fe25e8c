import cluster, { type Worker } from 'node:cluster';
import { consoleLogger } from '../logging/logger';
import { type RunOptions, resolveMaxRestarts, resolveShutdownTimeout } from '../server/run-options';
import { RestartPolicy } from './restart-policy';
import { SHUTDOWN_MESSAGE } from './shutdown-message';

/** Extra time the primary gives its workers beyond their own shutdownTimeout before killing them. */
const WORKER_EXIT_GRACE = 5_000;

/**
 * The cluster primary: forks `count` workers (each runs this script again and serves on the shared
 * port), replaces a worker that dies (with a backoff, at most `maxRestartsPerMinute` times a minute,
 * else it stops everything and exits 1), and on SIGTERM/SIGINT asks every worker to shut down
 * gracefully and exits 0 once they are gone. Resolves once `count` workers listen.
 */
export function runPrimary(count: number, options: RunOptions): Promise<void> {
  const logger = options.logger ?? consoleLogger;
  const policy = new RestartPolicy(resolveMaxRestarts(options));
  const shutdownTimeout = resolveShutdownTimeout(options);
  const alive = new Set<Worker>();
  let stopping = false;
  let exitCode = 0;

  const fork = (): void => {
    const worker = cluster.fork();
    alive.add(worker);
    worker.once('exit', (code, signal) => {
      alive.delete(worker);
      onExit(worker, code, signal);
    });
  };

  const onExit = (worker: Worker, code: number | null, signal: string | null): void => {
    const pid = worker.process.pid;
    if (stopping) {
      if (alive.size === 0) process.exit(exitCode);
      return;
    }
    const delay = policy.next(Date.now());
    if (delay === undefined) {
      logger.error(
        { code: 'FRAMEWORK_ERR_APP_WORKER_RESTARTS', pid, exitCode: code, signal },
        `Workers died ${policy.recent + 1} times within a minute (maxRestartsPerMinute: ` +
          `${policy.maxPerMinute}): stopping all workers. The workers' own output says why they exited.`,
      );
      stop(1);
      return;
    }
    logger.warn({ pid, exitCode: code, signal, restartInMs: delay }, 'worker exited; starting another');
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  };

  const stop = (code: number): void => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    if (alive.size === 0) process.exit(code);
    for (const worker of alive) if (worker.isConnected()) worker.send(SHUTDOWN_MESSAGE);
    setTimeout(() => {
      for (const worker of alive) worker.process.kill('SIGKILL');
    }, shutdownTimeout + WORKER_EXIT_GRACE).unref();
  };

  if (options.handleSignals !== false) {
    process.on('SIGTERM', () => stop(0));
    process.on('SIGINT', () => stop(0));
  }

  return new Promise((resolve) => {
    let listening = 0;
    const onListening = (): void => {
      listening += 1;
      if (listening < count) return;
      cluster.off('listening', onListening);
      logger.info({ workers: count }, 'all workers listening');
      resolve();
    };
    cluster.on('listening', onListening);
    for (let index = 0; index < count; index += 1) fork();
  });
}
