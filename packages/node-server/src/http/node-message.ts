import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Http2ServerRequest, Http2ServerResponse } from 'node:http2';

/** A request from `node:http`/`node:https`, or from `node:http2`'s compatibility API. */
export type NodeRequest = IncomingMessage | Http2ServerRequest;

/** The response that goes with a `NodeRequest`. */
export type NodeResponse = ServerResponse | Http2ServerResponse;
