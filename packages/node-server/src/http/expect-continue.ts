import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EventEmitter } from 'node:events';
import type { NodeRequest, NodeResponse } from './node-message';

/** The HTTP/1 requests whose `Expect: 100-continue` has not been answered yet. */
const awaitingContinue = new WeakSet<object>();

/**
 * Makes an HTTP/1 server send `100 Continue` only once the application starts reading the body
 * (Node sends it before the request is handled): a body over the limit (413), a route that reads no
 * body or a refused request is answered without inviting the client to send the body.
 */
export function continueOnRead(server: EventEmitter): void {
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    awaitingContinue.add(req);
    server.emit('request', req, res);
  });
}

/** Sends the `100 Continue` a request still waits for, before its body is read. */
export function sendContinue(req: NodeRequest, res: NodeResponse | undefined): void {
  if (res !== undefined && awaitingContinue.delete(req) && !res.headersSent) res.writeContinue();
}

/**
 * Whether the client still holds its body back, waiting for a `100 Continue` that was not sent: the
 * answer must close the connection, or the client's next bytes (its body, or its next request) would
 * be read as either.
 */
export function awaitsContinue(req: IncomingMessage): boolean {
  return awaitingContinue.has(req) && !req.complete;
}
