import cluster from 'node:cluster';
import { SHUTDOWN_MESSAGE } from '../cluster/shutdown-message';
import type { NodeServer } from './server-types';

/** The servers of this process that shut down together, and whether each wants the signals. */
const servers = new Map<NodeServer, boolean>();
let closing = false;

/**
 * Closes the server gracefully, then exits the process (0, or 1 when closing failed), on SIGTERM or
 * SIGINT when `signals` is set, and in a cluster worker also on the primary's shutdown message or
 * when the primary is gone. Every server of the process registered here closes on the same signal,
 * and the process exits only once all of them have closed, so a second server (an admin port next
 * to the API) finishes its in-flight requests too. A second signal in a single process is left to
 * Node (it ends the process at once); a worker ignores it and finishes its shutdown, which its
 * primary supervises.
 */
export function exitOnShutdown(server: NodeServer, signals: boolean): void {
  if (servers.size === 0) attach();
  servers.set(server, signals);
  if (signals) listenToSignals();
  server.once('close', () => {
    if (closing) return;
    servers.delete(server);
    if (servers.size === 0) detach();
    else if (![...servers.values()].some(Boolean)) stopListeningToSignals();
  });
}

function shutdown(): void {
  if (closing) return;
  closing = true;
  if (!cluster.isWorker) detach();
  let open = servers.size;
  let failed = false;
  for (const server of servers.keys()) {
    server.close((error) => {
      if (error) failed = true;
      if (--open === 0) process.exit(failed ? 1 : 0);
    });
  }
}

function onMessage(message: unknown): void {
  if (message === SHUTDOWN_MESSAGE) shutdown();
}

function attach(): void {
  if (!cluster.isWorker) return;
  process.on('message', onMessage);
  process.on('disconnect', shutdown);
}

function listenToSignals(): void {
  if (process.listeners('SIGTERM').includes(shutdown)) return;
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

function stopListeningToSignals(): void {
  process.off('SIGTERM', shutdown);
  process.off('SIGINT', shutdown);
}

function detach(): void {
  stopListeningToSignals();
  process.off('message', onMessage);
  process.off('disconnect', shutdown);
}
