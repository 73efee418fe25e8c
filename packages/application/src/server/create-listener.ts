import type { IncomingMessage, ServerResponse } from 'node:http';
import { Server } from 'node:http';
import { ApplicationError } from '../errors/application-error';
import { ServerRequest } from '../http/server-request';
import { ErrorHandlerMiddleware } from '../middleware/error-handler-middleware';
import type { RequestHandler } from '../pipeline/types';
import { type AnyResponse, isPromiseLike, isResponse, type MaybePromise } from '../response/any-response';
import { describeValue } from '../resolver/describe-middleware';
import { writeNodeResponse } from './write-node-response';

/** Options of `createListener` (an `Application` brings its own `bodyLimit` and `development`). */
export interface ListenerOptions {
  readonly bodyLimit?: number;
  readonly development?: boolean;
  /** Called with every error that becomes a 5xx answer (default: `console.error`). */
  readonly onError?: (error: unknown, request: ServerRequest) => void;
}

/** A Node `request` listener. */
export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * A Node `request` listener for an application, a `MiddlewarePipe` or any request handler. It always
 * answers: an error that escapes becomes a 500 (details only in development mode).
 *
 * @example
 * http.createServer(createListener(app)).listen(8080);
 */
export function createListener(handler: RequestHandler, options: ListenerOptions = {}): NodeListener {
  const own = handler as { bodyLimit?: number; development?: boolean };
  const requestOptions = { bodyLimit: options.bodyLimit ?? own.bodyLimit };
  const fallback = new ErrorHandlerMiddleware({
    development: options.development ?? own.development === true,
    onError: options.onError,
  });

  // This is the hot path.
  return function listener(this: unknown, req: IncomingMessage, res: ServerResponse): void {
    const request = ServerRequest.fromNode(req, requestOptions);
    const server = this instanceof Server ? this : undefined;
    let result: MaybePromise<AnyResponse>;
    try {
      result = handler.handle(request);
    } catch (error) {
      result = fallback.render(error, request);
    }
    if (isPromiseLike(result)) void respondLater(res, result, request, fallback, server);
    else send(res, result, request, fallback, server);
  };
}

async function respondLater(
  res: ServerResponse,
  pending: Promise<AnyResponse>,
  request: ServerRequest,
  fallback: ErrorHandlerMiddleware,
  server: Server | undefined,
): Promise<void> {
  let response: AnyResponse;
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
  server: Server | undefined,
): void {
  const isHead = request.method === 'HEAD';
  // While the server shuts down, close each connection after its answer so close() can complete.
  if (server !== undefined && !server.listening) res.setHeader('connection', 'close');
  try {
    if (!isResponse(response)) {
      throw new ApplicationError(
        'FRAMEWORK_ERR_MIDDLEWARE_NO_RESPONSE',
        `The request handler returned ${describeValue(response)} instead of a response.`,
      );
    }
    writeNodeResponse(res, response, isHead);
  } catch (error) {
    if (res.headersSent) res.destroy(error as Error);
    else writeNodeResponse(res, fallback.render(error, request), isHead);
  }
}
