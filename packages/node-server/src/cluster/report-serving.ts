import cluster from 'node:cluster';
import type { NodeServer } from '../server/server-types';

/** The message a worker sends its primary when its first request arrives. */
export const SERVING_MESSAGE = 'framework:serving';

/**
 * In a cluster worker, tells the primary once the first request arrives: from then on, the worker's
 * death is not a failure to start (see `RestartPolicy`). Costs nothing after the first request.
 */
export function reportServing(server: NodeServer): void {
  if (!cluster.isWorker) return;
  server.prependOnceListener('request', () => {
    if (process.connected) process.send?.(SERVING_MESSAGE);
  });
}
