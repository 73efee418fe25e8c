import type { SecureServerOptions } from 'node:http2';
import { availableParallelism } from 'node:os';
import { ApplicationError, type Logger } from '@framework/application';

/** Options of `run()`. The timeouts are Node's own server timeouts, with Node's own defaults. */
export interface RunOptions {
  /** Address to listen on; default `HOST`, else `0.0.0.0`. */
  readonly host?: string;
  /** Port to listen on (0 picks a free one, shared by all workers); default `PORT`, else 8080. */
  readonly port?: number;
  /** Shut down gracefully on SIGTERM/SIGINT, then exit (default true). */
  readonly handleSignals?: boolean;
  /**
   * After `server.close()` or a signal, milliseconds to wait for in-flight requests before their
   * connections are destroyed so the server can close (default 10000).
   */
  readonly shutdownTimeout?: number;
  /**
   * Milliseconds a client has to send the request headers; later it gets a 408 (default 60000, 0 =
   * none). Over HTTP/2, a new session must open its first request within it.
   */
  readonly headersTimeout?: number;
  /**
   * Milliseconds a client has to send the whole request, body included; later it gets a 408 (default
   * 300000, 0 = none). Over HTTP/2, counted per stream from its opening; the stream is then reset.
   */
  readonly requestTimeout?: number;
  /**
   * Milliseconds an idle keep-alive HTTP/1.1 connection stays open between requests (default 5000).
   * Refused where no HTTP/1.1 is served (h2c, or `allowHTTP1: false`): see `http2SessionTimeout`.
   */
  readonly keepAliveTimeout?: number;
  /**
   * Milliseconds between the checks of `headersTimeout` and `requestTimeout` (default 30000, at
   * least 1): a slow client is cut when the first check after its deadline runs, so up to this much late.
   */
  readonly connectionsCheckingInterval?: number;
  /**
   * Milliseconds an answer may wait on a client that reads none of it; then the connection (an
   * HTTP/2 stream) is cut (default 60000, nginx's `send_timeout`; 0 = none). Every transport.
   */
  readonly writeTimeout?: number;
  /**
   * HTTP/2 only: milliseconds a session with no request in flight stays open before it is closed
   * with a GOAWAY (default 72000, Fastify's).
   */
  readonly http2SessionTimeout?: number;
  /** HTTP/2 only: streams one session may have open at once; more are refused (default 128, nginx's). */
  readonly maxConcurrentStreams?: number;
  /**
   * Worker processes (node:cluster) serving the application on one port: a number, or `'auto'` for
   * `os.availableParallelism()`. Default 1: no cluster, this process serves.
   */
  readonly workers?: number | 'auto';
  /**
   * Unstable worker restarts allowed within a minute before the primary gives up and exits 1
   * (default 10). A restart is unstable when the worker died before its first request and within
   * `minUptime` of listening (or never listened): a worker that a request killed never counts.
   */
  readonly maxRestartsPerMinute?: number;
  /**
   * Milliseconds a worker must stay up after it starts listening for its death not to count toward
   * `maxRestartsPerMinute`, pm2's `min_uptime` (default 5000).
   */
  readonly minUptime?: number;
  /**
   * Serve TLS: the options of `https.createServer` (`key`, `cert`, `ca`, `pfx`, ...), or of
   * `http2.createSecureServer` with `http2: true` (`allowHTTP1` defaults to true there).
   */
  readonly https?: SecureServerOptions;
  /** Serve HTTP/2: over TLS with `https` (HTTP/1.1 clients too), else cleartext h2c. */
  readonly http2?: boolean;
  /**
   * A pino-compatible logger (default: warnings and errors on stderr, nothing at `info`) for the setup
   * warnings of the start, the cluster primary's messages, and two `info` lines: one once the server
   * listens (`url`, `address`, `port`, `router`, `mode`, `workers`), one when a shutdown is over
   * (`reason`: the signal, `drained`: whether every request in flight was answered, `durationMs`).
   * Requests are logged by the `requestLogger()` middleware of `@framework/middleware`.
   */
  readonly logger?: Logger;
}

/** Node's own defaults (Node 18+): they bound slow clients even without a proxy in front. */
const DEFAULT_TIMEOUTS = {
  headersTimeout: 60_000,
  requestTimeout: 300_000,
  keepAliveTimeout: 5_000,
  connectionsCheckingInterval: 30_000,
  // nginx's send_timeout.
  writeTimeout: 60_000,
  // Fastify's http2SessionTimeout: longer than the 60 s idle timeout of most load balancers.
  http2SessionTimeout: 72_000,
};
const DEFAULT_SHUTDOWN_TIMEOUT = 10_000;
const DEFAULT_MAX_RESTARTS_PER_MINUTE = 10;
// Start-up (fork, load, listen) takes well under a second; asynchronous start-up work that fails (a
// refused database connection) usually fails within a few seconds. pm2's 1 s misses the latter.
const DEFAULT_MIN_UPTIME = 5_000;
// nginx's http2_max_concurrent_streams.
const DEFAULT_MAX_CONCURRENT_STREAMS = 128;

export interface ServerTimeouts {
  readonly headersTimeout: number;
  readonly requestTimeout: number;
  readonly keepAliveTimeout: number;
  readonly connectionsCheckingInterval: number;
  readonly writeTimeout: number;
  readonly http2SessionTimeout: number;
}

/** When the cluster primary gives up on its workers (see `RunOptions.maxRestartsPerMinute`). */
export interface RestartLimits {
  readonly maxPerMinute: number;
  readonly minUptime: number;
}

function invalid(message: string): ApplicationError {
  return new ApplicationError('FRAMEWORK_ERR_APP_INVALID_OPTION', message);
}

export function resolvePort(port: number | undefined): number {
  const value = port ?? (process.env.PORT ? Number(process.env.PORT) : 8080);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw invalid(
      `Port ${JSON.stringify(port ?? process.env.PORT)} is not a port number (0-65535); set run({ port }) or PORT.`,
    );
  }
  return value;
}

function wholeNumber(
  name: keyof RunOptions,
  value: unknown,
  fallback: number,
  unit: string,
  least = 0,
): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < least) {
    throw invalid(
      `run({ ${name} }) must be a whole number of ${unit} (${least} or more), got ${String(value)}.`,
    );
  }
  return value;
}

export function resolveShutdownTimeout(options: RunOptions): number {
  return wholeNumber('shutdownTimeout', options.shutdownTimeout, DEFAULT_SHUTDOWN_TIMEOUT, 'milliseconds');
}

export function resolveRestartLimits(options: RunOptions): RestartLimits {
  return {
    maxPerMinute: wholeNumber(
      'maxRestartsPerMinute',
      options.maxRestartsPerMinute,
      DEFAULT_MAX_RESTARTS_PER_MINUTE,
      'restarts',
    ),
    minUptime: wholeNumber('minUptime', options.minUptime, DEFAULT_MIN_UPTIME, 'milliseconds'),
  };
}

/** The `maxConcurrentStreams` setting of HTTP/2 sessions. */
export function resolveMaxConcurrentStreams(options: RunOptions): number {
  return wholeNumber(
    'maxConcurrentStreams',
    options.maxConcurrentStreams,
    DEFAULT_MAX_CONCURRENT_STREAMS,
    'streams',
    1,
  );
}

export function resolveTimeouts(options: RunOptions): ServerTimeouts {
  const ms = (name: keyof ServerTimeouts, least = 0): number =>
    wholeNumber(name, options[name], DEFAULT_TIMEOUTS[name], 'milliseconds', least);
  const timeouts = {
    headersTimeout: ms('headersTimeout'),
    requestTimeout: ms('requestTimeout'),
    keepAliveTimeout: ms('keepAliveTimeout'),
    // 0 would make Node check every connection on every tick.
    connectionsCheckingInterval: ms('connectionsCheckingInterval', 1),
    writeTimeout: ms('writeTimeout'),
    http2SessionTimeout: ms('http2SessionTimeout', 1),
  };
  if (timeouts.requestTimeout > 0 && timeouts.headersTimeout > timeouts.requestTimeout) {
    throw invalid(
      `run({ headersTimeout }) (${timeouts.headersTimeout}) must not be longer than requestTimeout ` +
        `(${timeouts.requestTimeout}): the headers are part of the request.`,
    );
  }
  return timeouts;
}

/** The number of worker processes; 1 means no cluster. */
export function resolveWorkers(workers: RunOptions['workers']): number {
  if (workers === undefined) return 1;
  if (workers === 'auto') return availableParallelism();
  if (typeof workers !== 'number' || !Number.isInteger(workers) || workers < 1 || workers > 1024) {
    throw invalid(
      `run({ workers }) must be 'auto' or a whole number from 1 to 1024, got ${String(workers)}.`,
    );
  }
  return workers;
}

/**
 * Checks the transport options (`https` an object of TLS options, `http2` a boolean, the HTTP/2
 * limits), and refuses an option the chosen transport would ignore.
 */
export function checkTransport(options: RunOptions): void {
  if (options.https !== undefined && (options.https === null || typeof options.https !== 'object')) {
    throw invalid(
      `run({ https }) must be an object of TLS options (key, cert, ...), got ${String(options.https)}.`,
    );
  }
  if (options.http2 !== undefined && typeof options.http2 !== 'boolean') {
    throw invalid(`run({ http2 }) must be true or false, got ${String(options.http2)}.`);
  }
  if (options.http2 !== true) {
    for (const name of ['http2SessionTimeout', 'maxConcurrentStreams'] as const) {
      if (options[name] !== undefined) {
        throw invalid(`run({ ${name} }) applies to HTTP/2 only: set http2: true, or remove it.`);
      }
    }
    return;
  }
  resolveMaxConcurrentStreams(options);
  if (options.keepAliveTimeout !== undefined && !servesHttp1(options)) {
    throw invalid(
      'run({ keepAliveTimeout }) applies to HTTP/1.1 connections, which this HTTP/2 server does not ' +
        'accept (h2c, or allowHTTP1: false): idle HTTP/2 sessions close after http2SessionTimeout.',
    );
  }
}

/** Whether the server answers HTTP/1.1: every server but h2c and HTTP/2 over TLS with `allowHTTP1: false`. */
export function servesHttp1(options: Pick<RunOptions, 'https' | 'http2'>): boolean {
  return options.http2 !== true || (options.https !== undefined && options.https.allowHTTP1 !== false);
}
