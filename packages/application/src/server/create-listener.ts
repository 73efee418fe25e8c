import type { ServerResponse } from 'node:http';
import type { Application } from '../application/application';
import type { NodeRequest, NodeResponse } from '../http/node-message';
import { ServerRequest } from '../http/server-request';
import type { Logger } from '../logging/logger';
import { requestLogger } from '../logging/request-logger';
import { compileTrustProxy, type TrustProxy } from '../http/trust-proxy';
import { ErrorHandlerMiddleware } from '../middleware/error-handler-middleware';
import { notAResponse } from '../pipeline/ensure-response';
import type { RequestHandler } from '../pipeline/types';
import { type AnyResponse, isPromiseLike, isResponse, type MaybePromise } from '../response/any-response';
import { writeNodeResponse } from './write-node-response';

/** Options of `createListener` (an `Application` brings its own `bodyLimit`, `development` and `onError`). */
export interface ListenerOptions {
  readonly bodyLimit?: number;
  readonly development?: boolean;
  /** Called with every error that becomes a 5xx answer (default: `console.error`). */
  readonly onError?: (error: unknown, request: ServerRequest) => void;
  /**
   * A pino-compatible logger: one line per request, a request id from `x-request-id` (or generated)
   * as the attribute `REQUEST_ID_ATTRIBUTE` and the response header `x-request-id`.
   */
  readonly logger?: Logger;
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
  compileTrustProxy(requestOptions.trustProxy); // a bad option fails here, not on the first request
  const development = options.development ?? own.development === true;
  const fallback = new ErrorHandlerMiddleware({ development, onError: options.onError ?? own.onError });
  const answer = (request: ServerRequest, res: NodeResponse, server: unknown): void => {
    // Http2ServerResponse's compatibility API takes the same calls, raw header arrays included.
    respond(handler, request, res as ServerResponse, fallback, server as ListeningServer | undefined);
  };

  if (options.logger === undefined) {
    // This is the hot path.
    return function listener(this: unknown, req: NodeRequest, res: NodeResponse): void {
      answer(ServerRequest.fromNode(req, requestOptions, res), res, this);
    };
  }
  const startLog = requestLogger(options.logger, development);
  return function loggingListener(this: unknown, req: NodeRequest, res: NodeResponse): void {
    answer(startLog(ServerRequest.fromNode(req, requestOptions, res), res), res, this);
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
  // While the server shuts down, close each HTTP/1 connection after its answer so close() can
  // complete (HTTP/2 sessions get a GOAWAY instead, and refuse a Connection header).
  if (server?.listening === false && res.req?.httpVersionMajor !== 2) res.setHeader('connection', 'close');
  try {
    if (!isResponse(response)) throw notAResponse(response, 'The request handler');
    writeNodeResponse(res, response, isHead);
  } catch (error) {
    sendFallback(res, fallback.render(error, request), isHead);
  }
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
