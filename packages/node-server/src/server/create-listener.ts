import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type AnyResponse,
  type Application,
  ErrorHandlerMiddleware,
  isResponse,
  type MaybePromise,
  type RequestHandler,
  ServerRequest,
  type TrustProxy,
} from '@framework/application';
import {
  type BodyErrorReporter,
  compileTrustProxy,
  discardResponse,
  isPromiseLike,
  notAResponse,
} from '@framework/application/server-kit';
import { NodeRequestSource } from '../http/node-request-source';
import type { NodeRequest, NodeResponse } from '../http/node-message';
import { afterEarlierAnswers, canAnswerNow, leavesBodyUnread } from './connection-reuse';
import { writeNodeResponse, writeTextAnswer } from './write-node-response';

/** Options of `createListener` (an `Application` brings its own `bodyLimit`, `development` and `onError`). */
export interface ListenerOptions {
  readonly bodyLimit?: number;
  readonly development?: boolean;
  /** Called with every error that becomes a 5xx answer (default: `console.error`). */
  readonly onError?: (error: unknown, request: ServerRequest) => void;
  /** Which proxies `request.clientAddress` believes (see the Application option of that name). */
  readonly trustProxy?: TrustProxy;
}

/** A Node `request` listener for `node:http`, `node:https` and `node:http2` servers. */
export type NodeListener = (req: NodeRequest, res: NodeResponse) => void;

/** What the listener needs to know of the server that calls it: whether it is shutting down. */
interface ListeningServer {
  readonly listening?: boolean;
}

/**
 * A Node `request` listener for an application, a `MiddlewarePipe` or any request handler. It always
 * answers: an error that escapes becomes a 500 (details only in development mode).
 *
 * @example
 * http.createServer(createListener(app)).listen(8080);
 */
export function createListener(handler: RequestHandler, options: ListenerOptions = {}): NodeListener {
  const own = handler as Partial<Pick<Application, 'bodyLimit' | 'development' | 'onError' | 'trustProxy'>>;
  const requestOptions = {
    bodyLimit: options.bodyLimit ?? own.bodyLimit,
    trustProxy: options.trustProxy ?? own.trustProxy,
  };
  const trust = compileTrustProxy(requestOptions.trustProxy); // a bad option fails here, not on the first request
  const development = options.development ?? own.development === true;
  const fallback = new ErrorHandlerMiddleware({ development, onError: options.onError ?? own.onError });
  const answer = (req: NodeRequest, res: NodeResponse, server: unknown): void => {
    const request = ServerRequest.fromSource(new NodeRequestSource(req, res, trust), requestOptions);
    // Http2ServerResponse's compatibility API takes the same calls, raw header arrays included.
    respond(handler, request, res as ServerResponse, fallback, server as ListeningServer | undefined);
  };

  // This is the hot path: no closure is made for a request whose connection is free to answer it.
  return function listener(this: unknown, req: NodeRequest, res: NodeResponse): void {
    if (req.httpVersionMajor === 2 || canAnswerNow(res as ServerResponse)) answer(req, res, this);
    else afterEarlierAnswers(res as ServerResponse, () => answer(req, res, this));
  };
}

function respond(
  handler: RequestHandler,
  request: ServerRequest,
  res: ServerResponse,
  fallback: ErrorHandlerMiddleware,
  server: ListeningServer | undefined,
): void {
  let result: MaybePromise<AnyResponse>;
  try {
    result = handler.handle(request);
    if (isPromiseLike(result)) {
      void respondLater(res, result, request, fallback, server);
      return;
    }
  } catch (error) {
    result = fallback.render(error, request);
  }
  send(res, result, request, fallback, server);
}

async function respondLater(
  res: ServerResponse,
  pending: PromiseLike<unknown>,
  request: ServerRequest,
  fallback: ErrorHandlerMiddleware,
  server: ListeningServer | undefined,
): Promise<void> {
  let response: unknown;
  try {
    response = await pending;
  } catch (error) {
    response = fallback.render(error, request);
  }
  send(res, response, request, fallback, server);
}

function send(
  res: ServerResponse,
  response: unknown,
  request: ServerRequest,
  fallback: ErrorHandlerMiddleware,
  server: ListeningServer | undefined,
): void {
  const isHead = request.method === 'HEAD';
  if (mustClose(res.req, server)) res.setHeader('connection', 'close');
  try {
    if (!isResponse(response)) throw notAResponse(response, 'The request handler');
    if (!writeTextAnswer(res, response, isHead)) {
      writeNodeResponse(res, response, isHead, reporter(fallback, request));
    }
  } catch (error) {
    discardResponse(response, reporter(fallback, request));
    sendFallback(res, fallback.render(error, request), isHead);
  }
}

/** Reports the error of a body the answer drops or abandons; it is released, never left uncaught. */
function reporter(fallback: ErrorHandlerMiddleware, request: ServerRequest): BodyErrorReporter {
  return (error) => void fallback.render(error, request);
}

/**
 * Whether this HTTP/1 connection closes after the answer: while the server shuts down (so close() can
 * complete), and when more request body than `MAX_UNREAD_BODY` is still unread. HTTP/2 sessions get
 * a GOAWAY at shutdown instead (and refuse a Connection header); flow control bounds unread bodies.
 */
function mustClose(req: IncomingMessage | undefined, server: ListeningServer | undefined): boolean {
  if (req === undefined || req.httpVersionMajor === 2) return false;
  return server?.listening === false || leavesBodyUnread(req);
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
