import cluster from 'node:cluster';
import type { Logger } from '@framework/application';
import { SHUTDOWN_MESSAGE } from '../cluster/shutdown-message';
import { closedByForce } from './close-within';
import { logShutdown, type ShutdownReason } from './lifecycle-log';
import type { NodeServer } from './server-types';

/** How a server of this process shuts down: whether it wants the signals, what to log its end to. */
interface Registration {
  readonly signals: boolean;
  readonly logger: Logger;
  /** The URL it served, named in the line logged when it stops. */
  readonly url: string;
}

/** The servers of this process that shut down together. */
const servers = new Map<NodeServer, Registration>();
let closing = false;

/**
 * Closes the server gracefully, then exits the process (0, or 1 when closing failed), on SIGTERM or
 * SIGINT when `signals` is set, and in a cluster worker also on the primary's shutdown message or
 * when the primary is gone. Every server of the process registered here closes on the same signal,
 * and the process exits only once all of them have closed, so a second server (an admin port next
 * to the API) finishes its in-flight requests too. A second signal in a single process is left to
 * Node (it ends the process at once); a worker ignores it and finishes its shutdown, which its
 * primary supervises. Each server logs one line when it has closed: why, whether every request in
 * flight was answered, and how long it took.
 */
export function exitOnShutdown(server: NodeServer, registration: Registration): void {
  if (servers.size === 0) attach();
  servers.set(server, registration);
  if (registration.signals) listenToSignals();
  server.once('close', () => {
    if (closing) return;
    servers.delete(server);
    if (servers.size === 0) detach();
    else if (![...servers.values()].some(({ signals }) => signals)) stopListeningToSignals();
  });
}

function shutdown(reason: ShutdownReason): void {
  if (closing) return;
  closing = true;
  const startedAt = performance.now();
  if (!cluster.isWorker) detach();
  let open = servers.size;
  let failed = false;
  for (const [server, { logger, url }] of servers) {
    server.close((error) => {
      if (error) failed = true;
      logShutdown(logger, `Serving ${url}`, reason, !closedByForce(server), startedAt);
      if (--open === 0) process.exit(failed ? 1 : 0);
    });
  }
}

// Signal listeners get the signal's name.
const onSignal = (signal: NodeJS.Signals): void => shutdown(signal as ShutdownReason);
const onPrimaryGone = (): void => shutdown('primary gone');

function onMessage(message: unknown): void {
  if (message === SHUTDOWN_MESSAGE) shutdown('primary shutdown');
}

function attach(): void {
  if (!cluster.isWorker) return;
  process.on('message', onMessage);
  process.on('disconnect', onPrimaryGone);
}

function listenToSignals(): void {
  if (process.listeners('SIGTERM').includes(onSignal)) return;
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

function stopListeningToSignals(): void {
  process.off('SIGTERM', onSignal);
  process.off('SIGINT', onSignal);
}

function detach(): void {
  stopListeningToSignals();
  process.off('message', onMessage);
  process.off('disconnect', onPrimaryGone);
}
