import cluster from 'node:cluster';
import type { NodeServer } from '../server/server-types';

/** The message a worker sends its primary when its first request arrives. */
export const SERVING_MESSAGE = 'framework:serving';

/**
 * In a cluster worker, tells the primary once the first request arrives (an HTTP/1 request, or an
 * HTTP/2 stream): from then on, the worker's death is not a failure to start (see `RestartPolicy`).
 * Costs nothing after the first request.
 */
export function reportServing(server: NodeServer): void {
  if (!cluster.isWorker) return;
  let reported = false;
  const report = (): void => {
    if (reported) return;
    reported = true;
    server.off('request', report);
    server.off('stream', report);
    if (process.connected) process.send?.(SERVING_MESSAGE);
  };
  server.prependListener('request', report);
  // An HTTP/2 server answers its streams on the core API: they never reach `request`.
  if (server.listenerCount('stream') > 0) server.prependListener('stream', report);
}
