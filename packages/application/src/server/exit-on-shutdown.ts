import cluster from 'node:cluster';
import { SHUTDOWN_MESSAGE } from '../cluster/shutdown-message';
import type { NodeServer } from './server-types';

/**
 * Closes the server gracefully, then exits the process (0, or 1 when closing failed), on SIGTERM or
 * SIGINT when `signals` is set, and in a cluster worker also on the primary's shutdown message or
 * when the primary is gone. A second signal in a single process is left to Node (it ends the process
 * at once); a worker ignores it and finishes its shutdown, which its primary supervises.
 */
export function exitOnShutdown(server: NodeServer, signals: boolean): void {
  let closing = false;
  const shutdown = (): void => {
    if (closing) return;
    closing = true;
    if (!cluster.isWorker) detach();
    server.close((error) => process.exit(error ? 1 : 0));
  };
  const onMessage = (message: unknown): void => {
    if (message === SHUTDOWN_MESSAGE) shutdown();
  };
  const detach = (): void => {
    process.off('SIGTERM', shutdown);
    process.off('SIGINT', shutdown);
    process.off('message', onMessage);
    process.off('disconnect', shutdown);
  };
  if (signals) {
    process.on('SIGTERM', shutdown);
    process.on('SIGINT', shutdown);
  }
  if (cluster.isWorker) {
    process.on('message', onMessage);
    process.on('disconnect', shutdown);
  }
  server.once('close', detach);
}
