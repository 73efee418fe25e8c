import {
  type AnyResponse,
  type ErrorHandlerMiddleware,
  isResponse,
  type MaybePromise,
  type RequestHandler,
  type ServerRequest,
} from '@framework/application';
import {
  type BodyErrorReporter,
  discardResponse,
  isPromiseLike,
  notAResponse,
} from '@framework/application/server-kit';

/** What a listener knows of the server that calls it: whether it is shutting down. */
export interface ListeningServer {
  readonly listening?: boolean;
}

/**
 * How answers reach one kind of Node output: an HTTP/1 `ServerResponse` (or `node:http2`'s
 * compatibility response), or an HTTP/2 stream on the core API.
 */
export interface AnswerOutput<Out> {
  /** Called before the answer is written, with the server that received the request. */
  begin(out: Out, server: ListeningServer | undefined): void;
  /** Writes the most common answer (see `writeTextAnswer`); false, having written nothing, for others. */
  writeText(out: Out, response: AnyResponse, isHead: boolean): boolean;
  /** Writes any answer; throws, having written nothing, when it cannot. */
  write(out: Out, response: AnyResponse, isHead: boolean, report: BodyErrorReporter): void;
  /** Writes the answer to an error, or cuts the answer when part of one already went out. */
  writeFallback(out: Out, response: AnyResponse, isHead: boolean): void;
}

/**
 * Runs `handler` for `request` and writes its answer to `out`; it always answers: an error that
 * escapes, or a value that is not a response, becomes the fallback's answer (a 500, details only in
 * development mode).
 */
export function answerRequest<Out>(
  output: AnswerOutput<Out>,
  out: Out,
  handler: RequestHandler,
  request: ServerRequest,
  fallback: ErrorHandlerMiddleware,
  server: ListeningServer | undefined,
): void {
  let result: MaybePromise<AnyResponse>;
  try {
    result = handler.handle(request);
    if (isPromiseLike(result)) {
      void answerLater(output, out, result, request, fallback, server);
      return;
    }
  } catch (error) {
    result = fallback.render(error, request);
  }
  send(output, out, result, request, fallback, server);
}

/** Answers `error` as the fallback renders it, without running the handler. */
export function answerError<Out>(
  output: AnswerOutput<Out>,
  out: Out,
  error: unknown,
  request: ServerRequest,
  fallback: ErrorHandlerMiddleware,
): void {
  send(output, out, fallback.render(error, request), request, fallback, undefined);
}

async function answerLater<Out>(
  output: AnswerOutput<Out>,
  out: Out,
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
  send(output, out, response, request, fallback, server);
}

function send<Out>(
  output: AnswerOutput<Out>,
  out: Out,
  response: unknown,
  request: ServerRequest,
  fallback: ErrorHandlerMiddleware,
  server: ListeningServer | undefined,
): void {
  const isHead = request.method === 'HEAD';
  output.begin(out, server);
  try {
    if (!isResponse(response)) throw notAResponse(response, 'The request handler');
    if (!output.writeText(out, response, isHead)) {
      output.write(out, response, isHead, reporter(fallback, request));
    }
  } catch (error) {
    discardResponse(response, reporter(fallback, request));
    output.writeFallback(out, fallback.render(error, request), isHead);
  }
}

/** Reports the error of a body the answer drops or abandons; it is released, never left uncaught. */
function reporter(fallback: ErrorHandlerMiddleware, request: ServerRequest): BodyErrorReporter {
  return (error) => void fallback.render(error, request);
}
