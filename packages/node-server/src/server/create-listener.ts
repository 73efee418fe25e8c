import type { IncomingMessage, ServerResponse } from 'node:http';
import { type AnyResponse, type RequestHandler, ServerRequest } from '@framework/application';
import type { BodyErrorReporter } from '@framework/application/server-kit';
import { awaitsContinue } from '../http/expect-continue';
import { checkHost } from '../http/host-header';
import type { NodeRequest, NodeResponse } from '../http/node-message';
import { NodeRequestSource } from '../http/node-request-source';
import { hasUnknownTransferCoding } from '../http/transfer-coding';
import { type AnswerOutput, answerError, answerRequest, type ListeningServer } from './answer-flow';
import { afterEarlierAnswers, canAnswerNow, leavesBodyUnread } from './connection-reuse';
import { type ListenerOptions, setUpListener } from './listener-setup';
import { writeNodeResponse, writeTextAnswer } from './write-node-response';

export type { ListenerOptions } from './listener-setup';

/** A Node `request` listener for `node:http`, `node:https` and `node:http2` servers. */
export type NodeListener = (req: NodeRequest, res: NodeResponse) => void;

/**
 * A Node `request` listener for an application, a `MiddlewarePipe` or any request handler. It always
 * answers: an error that escapes becomes a 500 (details only in development mode).
 *
 * @example
 * http.createServer(createListener(app)).listen(8080);
 */
export function createListener(handler: RequestHandler, options: ListenerOptions = {}): NodeListener {
  const { requestOptions, trust, fallback } = setUpListener(handler, options);
  const answer = (req: NodeRequest, res: NodeResponse, server: unknown): void => {
    if (req.httpVersionMajor === 1 && hasUnknownTransferCoding(req as IncomingMessage)) {
      refuseTransferCoding(res as ServerResponse);
      return;
    }
    const request = ServerRequest.fromSource(new NodeRequestSource(req, res, trust), requestOptions);
    const badHost = req.httpVersionMajor === 1 ? checkHost(req as IncomingMessage) : undefined;
    // Http2ServerResponse's compatibility API takes the same calls, raw header arrays included.
    if (badHost === undefined) {
      answerRequest(
        NODE_OUTPUT,
        res as ServerResponse,
        handler,
        request,
        fallback,
        server as ListeningServer | undefined,
      );
    } else {
      answerError(NODE_OUTPUT, res as ServerResponse, badHost, request, fallback);
    }
  };

  // This is the hot path: no closure is made for a request whose connection is free to answer it.
  return function listener(this: unknown, req: NodeRequest, res: NodeResponse): void {
    if (req.httpVersionMajor === 2 || canAnswerNow(res as ServerResponse)) answer(req, res, this);
    else afterEarlierAnswers(res as ServerResponse, () => answer(req, res, this));
  };
}

/** Answers through a Node `ServerResponse` (HTTP/1, or `node:http2`'s compatibility API). */
const NODE_OUTPUT: AnswerOutput<ServerResponse> = {
  begin(res: ServerResponse, server: ListeningServer | undefined): void {
    if (mustClose(res.req, server)) res.setHeader('connection', 'close');
  },
  writeText: writeTextAnswer,
  write(res: ServerResponse, response: AnyResponse, isHead: boolean, report: BodyErrorReporter): void {
    writeNodeResponse(res, response, isHead, report);
  },
  writeFallback: sendFallback,
};

/**
 * Whether this HTTP/1 connection closes after the answer: while the server shuts down (so close() can
 * complete), when more request body than `MAX_UNREAD_BODY` is still unread, and when the client still
 * holds its body back for a `100 Continue`. HTTP/2 sessions get a GOAWAY at shutdown instead (and
 * refuse a Connection header); flow control bounds unread bodies.
 */
function mustClose(req: IncomingMessage | undefined, server: ListeningServer | undefined): boolean {
  if (req === undefined || req.httpVersionMajor === 2) return false;
  return server?.listening === false || leavesBodyUnread(req) || awaitsContinue(req);
}

/**
 * Answers 501 to a body in a transfer coding the server does not decode (RFC 9112 §6.1), bare and
 * closing as Node's own refusals of malformed framing: a client's choice is no server error to report.
 */
function refuseTransferCoding(res: ServerResponse): void {
  res.writeHead(501, ['connection', 'close', 'content-length', '0']);
  res.end();
}

/** Answers with the error response, unless the failed answer already went out in part (then cuts it). */
function sendFallback(res: ServerResponse, response: AnyResponse, isHead: boolean): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  // A failed writeHead() leaves its reason phrase behind ("500 Found"): let Node pick the right one.
  res.statusMessage = '';
  try {
    writeNodeResponse(res, response, isHead);
  } catch {
    res.destroy();
  }
}
