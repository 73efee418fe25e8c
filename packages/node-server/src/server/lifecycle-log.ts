import type { AddressInfo } from 'node:net';
import type { Logger } from '@framework/application';

/** What the start line says of the application served: its router adapter, if known, and its mode. */
export interface ServedApplicationInfo {
  readonly router: string | undefined;
  readonly mode: 'development' | 'production';
}

/** Why a server stopped: the signal, or the cluster primary's word. */
export type ShutdownReason = 'SIGTERM' | 'SIGINT' | 'primary shutdown' | 'primary gone';

/**
 * The router adapter's class name and the mode of an application (`development` decides whether error
 * answers carry details). A bare request handler has no router to name and serves in production mode.
 */
export function describeServed(handler: object): ServedApplicationInfo {
  const { development, router } = handler as { development?: unknown; router?: unknown };
  const name =
    typeof router === 'object' && router !== null
      ? (router.constructor as { name?: unknown }).name
      : undefined;
  return {
    router: typeof name === 'string' && name !== '' && name !== 'Object' ? name : undefined,
    mode: development === true ? 'development' : 'production',
  };
}

/** The URL clients reach an address at: `http://127.0.0.1:8080`, `https://[::1]:8443`. */
export function urlOf(address: AddressInfo, secure: boolean): string {
  const host =
    address.family === 'IPv6' || address.address.includes(':') ? `[${address.address}]` : address.address;
  return `${secure ? 'https' : 'http'}://${host}:${address.port}`;
}

/** The one line `run()` logs once it listens: where, with which router, in which mode, how many processes. */
export function logListening(
  logger: Logger,
  address: AddressInfo,
  secure: boolean,
  served: ServedApplicationInfo,
  workers: number,
): void {
  const url = urlOf(address, secure);
  const details = [served.router, served.mode, workers === 1 ? '1 process' : `${workers} workers`];
  safely(() =>
    logger.info(
      {
        url,
        address: address.address,
        port: address.port,
        router: served.router,
        mode: served.mode,
        workers,
      },
      `Listening on ${url} (${details.filter(Boolean).join(', ')})`,
    ),
  );
}

/** The one line logged when a shutdown is over: what asked for it, whether it drained, how long it took. */
export function logShutdown(
  logger: Logger,
  what: string,
  reason: ShutdownReason,
  drained: boolean,
  startedAt: number,
): void {
  const durationMs = Math.round(performance.now() - startedAt);
  safely(() =>
    logger.info(
      { reason, drained, durationMs },
      `${what} stopped after ${reason} in ${durationMs} ms: ` +
        (drained
          ? 'every request in flight was answered'
          : 'what was still busy after shutdownTimeout was cut'),
    ),
  );
}

/** A logger that throws must neither stop the start nor keep a shutting-down process from exiting. */
function safely(write: () => void): void {
  try {
    write();
  } catch {
    // the line is lost; serving and exiting go on
  }
}
