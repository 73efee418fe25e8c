import cluster, { type Address, type Worker } from 'node:cluster';
import { serverLogger } from '../server/default-logger';
import {
  logListening,
  logShutdown,
  type ServedApplicationInfo,
  type ShutdownReason,
} from '../server/lifecycle-log';
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
 * shut down gracefully and exits 0 once they are gone. Resolves once `count` workers listen, and logs
 * then the one line that says where the application listens; logs another when the workers are gone.
 */
export function runPrimary(count: number, options: RunOptions, served: ServedApplicationInfo): Promise<void> {
  const logger = serverLogger(options.logger);
  const policy = new RestartPolicy(resolveRestartLimits(options));
  const shutdownTimeout = resolveShutdownTimeout(options);
  const alive = new Set<Worker>();
  let stopping = false;
  /** The signal that asked for the shutdown, and when; none when the restarts ran out. */
  let asked: { readonly reason: ShutdownReason; readonly startedAt: number } | undefined;
  let killed = false;
  let exitCode = 0;

  const exit = (): void => {
    if (asked !== undefined) logShutdown(logger, `${count} workers`, asked.reason, !killed, asked.startedAt);
    process.exit(exitCode);
  };

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
      if (alive.size === 0) exit();
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

  const stop = (code: number, reason?: ShutdownReason): void => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    if (reason !== undefined) asked = { reason, startedAt: performance.now() };
    if (alive.size === 0) exit();
    for (const worker of alive) if (worker.isConnected()) worker.send(SHUTDOWN_MESSAGE);
    setTimeout(() => {
      killed = true;
      for (const worker of alive) worker.process.kill('SIGKILL');
    }, shutdownTimeout + WORKER_EXIT_GRACE).unref();
  };

  if (options.handleSignals !== false) {
    process.on('SIGTERM', () => stop(0, 'SIGTERM'));
    process.on('SIGINT', () => stop(0, 'SIGINT'));
  }

  return new Promise((resolve) => {
    let listening = 0;
    const onListening = (_worker: Worker, address: Address): void => {
      listening += 1;
      if (listening < count) return;
      cluster.off('listening', onListening);
      const family = address.addressType === 6 ? 'IPv6' : 'IPv4';
      logListening(
        logger,
        { address: address.address ?? '', port: address.port, family },
        options.https !== undefined,
        served,
        count,
      );
      resolve();
    };
    cluster.on('listening', onListening);
    for (let index = 0; index < count; index += 1) fork();
  });
}
