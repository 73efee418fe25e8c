import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Request body bytes the server may still read after its answer so the connection can serve the next
 * request (64 KiB): a larger unread body (declared larger, or chunked, so of unknown size) closes the
 * connection after the answer instead of being received just to be thrown away.
 */
export const MAX_UNREAD_BODY = 64 * 1024;

/**
 * Runs `answer` for an HTTP/1 request once every earlier answer on its connection has gone out, and
 * never when one of them closes the connection (RFC 9112 §9.6: once the server decides to close, it
 * processes no later request). Node hands pipelined requests over at once, with a response that has no
 * socket until the earlier ones finish; after an answer that closes the connection it never gets one.
 */
export function afterEarlierAnswers(res: ServerResponse, answer: () => void): void {
  const socket = res.socket;
  if (socket !== null) {
    answerUnlessClosing(socket, answer);
    return;
  }
  const connection = res.req.socket;
  holdBack(connection);
  // A response gets its socket once: `on` spares the wrapper `once` would make for every such request.
  res.on('socket', (assigned: Socket) => {
    letThrough(connection);
    answerUnlessClosing(assigned, answer);
  });
}

/**
 * Pipelined requests that may wait on one connection (4 096, about 8 MB of request and response
 * objects): Node parses every request that arrives and, since these wait for the earlier answers
 * instead of writing theirs, its own backpressure never stops the reading. Past the limit the client
 * is pipelining without reading its answers, and the connection is closed.
 */
export const MAX_WAITING_REQUESTS = 4096;

const waitingRequests = new WeakMap<Socket, number>();

function holdBack(connection: Socket): void {
  const waiting = (waitingRequests.get(connection) ?? 0) + 1;
  waitingRequests.set(connection, waiting);
  if (waiting > MAX_WAITING_REQUESTS) connection.destroy();
}

function letThrough(connection: Socket): void {
  waitingRequests.set(connection, (waitingRequests.get(connection) ?? 1) - 1);
}

function answerUnlessClosing(socket: Socket, answer: () => void): void {
  if (!socket.destroyed && !socket.writableEnded) answer();
}

/** Whether an HTTP/1 request can be answered at once: every earlier answer on its connection has gone out, none closed it. */
export function canAnswerNow(res: ServerResponse): boolean {
  const socket = res.socket;
  return socket !== null && !socket.destroyed && !socket.writableEnded;
}

/**
 * Whether answering now would leave more than `MAX_UNREAD_BODY` bytes of the request body (or a
 * chunked body of unknown size) to be read and discarded before the connection could serve again.
 */
export function leavesBodyUnread(req: IncomingMessage): boolean {
  if (req.complete) return false;
  const length = req.headers['content-length'];
  if (length === undefined) return req.headers['transfer-encoding'] !== undefined;
  return Number(length) > MAX_UNREAD_BODY;
}
