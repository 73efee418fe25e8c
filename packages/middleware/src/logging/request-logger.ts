import {
  type AnyResponse,
  type Logger,
  type MaybePromise,
  type RequestHandler,
  type ServerErrorRecord,
  type ServerMiddleware,
  type ServerRequest,
  escapeControlCharacters,
  escapedStackOf,
  statusOfError,
  withServerErrorRecord,
  readErrorField,
} from '@framework/application';
import { invalidOption } from '../errors';
import { checkOptions, describe } from '../shared/check-options';
import { type TraceIdsRecord, traceIdsOf, withTraceIdsRecord } from '../tracing/trace-id';
import { REQUEST_ID_ATTRIBUTE } from './request-id';

/** Options of `requestLogger()`. */
export interface RequestLoggerOptions {
  /** A pino-compatible logger (pino itself, a child, or any object with debug/info/warn/error). */
  readonly logger: Logger;
  /**
   * Put the stack of a 5xx error in its line (default true: a log is read by whoever runs the server;
   * the answer never carries it outside development mode). False keeps type, message and code only.
   */
  readonly stack?: boolean;
}

const LEVELS = ['debug', 'info', 'warn', 'error'] as const;

/**
 * One log line per request, when its answer is ready: `info` "request completed", `error` "request
 * failed" for a 5xx (with the error: type, message, code and stack), `debug`
 * "request aborted by the client" when the client left first (`request.signal`). Every line carries
 * `reqId` (from `requestId()`, piped before it), `method`, `path`, `status` and `durationMs`, the time
 * until the answer was ready (a streamed body may still be on its way), and with `tracing()` piped
 * (before or after it) and an OpenTelemetry SDK recording, `traceId` and `spanId` of the request's
 * server span. An application that does not pipe it pays nothing for logging. A logger that throws
 * never fails the request. Control characters in what the request chose (the path, the error's text)
 * are escaped: a JSON logger escapes C0 only, and C1, U+2028/2029 or a bidirectional override would
 * reach the log raw.
 *
 * @example
 * app.pipe(requestId());
 * app.pipe(requestLogger({ logger: pino() }));
 * app.pipeRoutingMiddleware();
 */
export function requestLogger(options: RequestLoggerOptions): ServerMiddleware {
  const own = checkOptions('requestLogger', options, ['logger', 'stack']);
  const logger = own.logger as Logger | undefined;
  if (
    logger === null ||
    typeof logger !== 'object' ||
    LEVELS.some((level) => typeof logger[level] !== 'function')
  ) {
    throw invalidOption(
      'requestLogger',
      'logger',
      `must be a pino-compatible logger with debug, info, warn and error methods, got ${describe(logger)}.`,
    );
  }
  const stack = own.stack ?? true;
  if (typeof stack !== 'boolean') {
    throw invalidOption('requestLogger', 'stack', `must be true or false, got ${describe(stack)}.`);
  }
  return new RequestLoggerMiddleware(logger, stack);
}

class RequestLoggerMiddleware implements ServerMiddleware {
  constructor(
    private readonly logger: Logger,
    private readonly stack: boolean,
  ) {}

  async process(request: ServerRequest, handler: RequestHandler): Promise<AnyResponse> {
    const start = performance.now();
    const record: ServerErrorRecord = { error: undefined };
    const trace: TraceIdsRecord = { ids: traceIdsOf(request) };
    const passed = withServerErrorRecord(
      trace.ids === undefined ? withTraceIdsRecord(request, trace) : request,
      record,
    );
    let response: AnyResponse;
    try {
      response = await (handler.handle(passed) as MaybePromise<AnyResponse>);
    } catch (error) {
      // Whoever answers it (the application's error handler) answers with this status.
      this.log(request, start, statusOfError(error), error, trace);
      throw error;
    }
    this.log(request, start, response.status, record.error, trace);
    return response;
  }

  private log(
    request: ServerRequest,
    start: number,
    status: number,
    error: unknown,
    trace: TraceIdsRecord,
  ): void {
    const fields = {
      reqId: request.getAttribute<string | undefined>(REQUEST_ID_ATTRIBUTE),
      ...trace.ids,
      method: escapeControlCharacters(request.method),
      path: escapeControlCharacters(request.originalPath),
      status,
      durationMs: Math.round((performance.now() - start) * 1000) / 1000,
    };
    try {
      if (request.signal.aborted) this.logger.debug(fields, 'request aborted by the client');
      else if (status < 500) this.logger.info(fields, 'request completed');
      else this.logger.error({ ...fields, error: describeError(error, this.stack) }, 'request failed');
    } catch {
      // a failing logger must not fail the request
    }
  }
}

/**
 * A plain object (read guarded, so any thrown value serializes), with the stack when `withStack`. Its
 * text often holds request input (`no user ${id}`): control characters are escaped, as in the path.
 */
function describeError(error: unknown, withStack: boolean): object | undefined {
  if (error === undefined) return undefined;
  const name = readErrorField(error, 'name');
  const message = readErrorField(error, 'message');
  const code = readErrorField(error, 'code');
  const stack = withStack ? escapedStackOf(error) : undefined;
  return {
    type: escapeControlCharacters(typeof name === 'string' ? name : typeof error),
    message: escapeControlCharacters(typeof message === 'string' ? message : safeString(error)),
    ...(typeof code === 'string' ? { code: escapeControlCharacters(code) } : {}),
    ...(stack === undefined ? {} : { stack: stack.heading + stack.frames }),
  };
}

function safeString(value: unknown): string {
  try {
    return String(value);
  } catch {
    return 'a thrown value that cannot be converted to a string';
  }
}
