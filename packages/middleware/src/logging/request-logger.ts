import type { ServerResponse } from 'node:http';
import type { Http2ServerResponse } from 'node:http2';
import { performance } from 'node:perf_hooks';
import { describeThrown, readErrorField } from '../errors/read-error-field';
import type { ServerRequest } from '../http/server-request';
import type { Logger } from './logger';
import { REQUEST_ID_ATTRIBUTE, REQUEST_ID_HEADER, requestIdFrom } from './request-id';
import { type ServerErrorRecord, withServerErrorRecord } from './server-error-record';

/** Starts the log of one request: returns the request carrying its id, to be answered on `res`. */
export type RequestLogStart = (
  request: ServerRequest,
  res: ServerResponse | Http2ServerResponse,
) => ServerRequest;

/**
 * One line per request once its answer is sent: `info` (`error` for a 5xx, with the error; its stack
 * only in development mode), `debug` when the client left before the answer was complete. Every line
 * carries `reqId`, `method`, `path`, `status` and `durationMs`. The request id is generated (or, with
 * `trustRequestId`, taken from a sane `x-request-id` header); it becomes a request attribute and a
 * response header.
 */
export function requestLogger(
  logger: Logger,
  development: boolean,
  options: { readonly trustRequestId: boolean } = { trustRequestId: false },
): RequestLogStart {
  return (request, res) => {
    const start = performance.now();
    const reqId = requestIdFrom(request.headers[REQUEST_ID_HEADER], options.trustRequestId);
    res.setHeader(REQUEST_ID_HEADER, reqId);
    const record: ServerErrorRecord = { error: undefined };
    let finished = false;
    const fields = () => ({
      reqId,
      method: request.method,
      path: request.originalPath,
      status: res.statusCode,
      durationMs: Math.round((performance.now() - start) * 1000) / 1000,
    });
    res.once('finish', () => {
      finished = true;
      if (res.statusCode < 500) write(logger, 'info', fields(), 'request completed');
      else
        write(
          logger,
          'error',
          { ...fields(), error: describeError(record.error, development) },
          'request failed',
        );
    });
    res.once('close', () => {
      if (!finished) write(logger, 'debug', fields(), 'request aborted by the client');
    });
    return withServerErrorRecord(request.withAttribute(REQUEST_ID_ATTRIBUTE, reqId), record);
  };
}

function write(logger: Logger, level: 'debug' | 'info' | 'error', fields: object, message: string): void {
  try {
    logger[level](fields, message);
  } catch {
    // a failing logger must not take the server down from inside a response event
  }
}

/** A plain object (read guarded, so any thrown value serializes); no stack outside development. */
function describeError(error: unknown, development: boolean): object | undefined {
  if (error === undefined) return undefined;
  const name = readErrorField(error, 'name');
  const message = readErrorField(error, 'message');
  const code = readErrorField(error, 'code');
  const stack = development ? readErrorField(error, 'stack') : undefined;
  return {
    type: typeof name === 'string' ? name : typeof error,
    message: typeof message === 'string' ? message : describeThrown(error),
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof stack === 'string' ? { stack } : {}),
  };
}
