import type autocannon from 'autocannon';

/** How the driver talks to the server: HTTP/1.1 (autocannon), or HTTP/2 over cleartext with prior knowledge (h2load). */
export type Transport = 'http1' | 'h2c';

/** One bounded load run against a server on 127.0.0.1. */
export interface LoadRun {
  readonly port: number;
  readonly transport: Transport;
  /** The requests sent in rotation; h2c sends GET requests only, so only their paths count there. */
  readonly requests: readonly autocannon.Request[];
  /** Requests in flight per connection: pipelined over HTTP/1.1, concurrent streams of one session over h2c. */
  readonly inFlight: number;
  /** Seconds. */
  readonly duration: number;
}

/** What the driver counted. */
export interface LoadResult {
  readonly requests: number;
  readonly requestsPerSecond: number;
  /** Why the run does not count (errors, answers other than 2xx), or undefined. */
  readonly failure?: string;
}
