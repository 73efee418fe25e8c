import type { ServerRequest } from '../http/server-request';

/** Request attribute through which the error handler hands a 5xx error to the request log line. */
const SERVER_ERROR_RECORD_ATTRIBUTE = 'Framework\\RequestLog\\ServerError';

/** Holds the error answered with a 5xx, for the request's log line. */
export interface ServerErrorRecord {
  error: unknown;
}

/**
 * A request that carries `record`: the error handler writes a 5xx error there, so a request logger or
 * tracer piped before it can report the error with its answer.
 */
export function withServerErrorRecord(request: ServerRequest, record: ServerErrorRecord): ServerRequest {
  return request.withAttribute(SERVER_ERROR_RECORD_ATTRIBUTE, record);
}

/** Keeps the error for the request's log line; false when nobody logs this request. */
export function recordServerError(request: ServerRequest, error: unknown): boolean {
  const record = request.getAttribute<ServerErrorRecord | undefined>(SERVER_ERROR_RECORD_ATTRIBUTE);
  if (record === undefined) return false;
  record.error = error;
  return true;
}
