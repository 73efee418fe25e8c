import cluster, { type Worker } from 'node:cluster';
import { consoleLogger } from '@framework/application/server-kit';
import { type RunOptions, resolveRestartLimits, resolveShutdownTimeout } from '../server/run-options';
import { SERVING_MESSAGE } from './report-serving';
import { RestartPolicy, type WorkerLife } from './restart-policy';
import { SHUTDOWN_MESSAGE } from './shutdown-message';

/** Extra time the primary gives its workers beyond their own shutdownTimeout before killing them. */
const WORKER_EXIT_GRACE = 5_000;

/**
 * The cluster primary: forks `count` workers (each runs this script again and serves on the shared
 * port), replaces a worker that dies (with a backoff; after more than `maxRestartsPerMinute` unstable
 * restarts in a minute it stops everything and exits 1), and on SIGTERM/SIGINT asks every worker to
 * shut down gracefully and exits 0 once they are gone. Resolves once `count` workers listen.
 */
export function runPrimary(count: number, options: RunOptions): Promise<void> {
  const logger = options.logger ?? consoleLogger;
  const policy = new RestartPolicy(resolveRestartLimits(options));
  const shutdownTimeout = resolveShutdownTimeout(options);
  const alive = new Set<Worker>();
  let stopping = false;
  let exitCode = 0;

  const fork = (): void => {
    const worker = cluster.fork();
    const life: { listeningSince: number | undefined; served: boolean } = {
      listeningSince: undefined,
      served: false,
    };
    alive.add(worker);
    worker.once('listening', () => (life.listeningSince = Date.now()));
    worker.on('message', (message: unknown) => {
      if (message === SERVING_MESSAGE) life.served = true;
    });
    worker.once('exit', (code, signal) => {
      alive.delete(worker);
      // Messages still on their way arrive before the channel's 'disconnect'.
      if (worker.isConnected()) worker.once('disconnect', () => onExit(worker, life, code, signal));
      else onExit(worker, life, code, signal);
    });
  };

  const onExit = (worker: Worker, life: WorkerLife, code: number | null, signal: string | null): void => {
    const pid = worker.process.pid;
    if (stopping) {
      if (alive.size === 0) process.exit(exitCode);
      return;
    }
    const now = Date.now();
    const unstable = policy.isUnstable(life, now);
    const delay = policy.next(now, unstable);
    if (delay === undefined) {
      const { maxPerMinute, minUptime } = policy.limits;
      logger.error(
        { code: 'FRAMEWORK_ERR_APP_WORKER_RESTARTS', pid, exitCode: code, signal },
        `Workers failed to start ${policy.recentUnstable + 1} times within a minute (maxRestartsPerMinute: ` +
          `${maxPerMinute}; a worker fails to start when it dies before listening, or within minUptime ` +
          `(${minUptime} ms) of listening before its first request): stopping all workers. ` +
          `The workers' own output says why they exited.`,
      );
      stop(1);
      return;
    }
    logger.warn(
      { pid, exitCode: code, signal, restartInMs: delay },
      unstable ? 'worker failed to start; starting another' : 'worker exited; starting another',
    );
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
