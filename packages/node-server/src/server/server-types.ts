import type { Server as HttpServer } from 'node:http';
import type { Http2SecureServer, Http2Server } from 'node:http2';
import type { Server as HttpsServer } from 'node:https';

/** Any server `run()` creates. */
export type NodeServer = HttpServer | HttpsServer | Http2Server | Http2SecureServer;

/** The server `run(options)` creates for these options. */
export type ServerFor<Options> = Options extends { readonly http2: true }
  ? Options extends { readonly https: object }
    ? Http2SecureServer
    : Http2Server
  : Options extends { readonly https: object }
    ? HttpsServer
    : HttpServer;

/**
 * What `run(options)` resolves to: the listening server; with `workers` other than 1, the cluster
 * primary gets `undefined` (its workers get their server).
 */
export type RunResult<Options> = Options extends { readonly workers: infer Workers }
  ? Workers extends 1 | undefined
    ? ServerFor<Options>
    : ServerFor<Options> | undefined
  : ServerFor<Options>;
