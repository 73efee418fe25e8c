import type { ServerRequest } from '@framework/application';

/** The request attribute holding the trace id (32 lower-case hex digits) once `tracing()` has run. */
export const TRACE_ID_ATTRIBUTE = 'Framework\\Tracing\\TraceId';

/** The request attribute holding the id of the request's server span (16 lower-case hex digits) once `tracing()` has run. */
export const SPAN_ID_ATTRIBUTE = 'Framework\\Tracing\\SpanId';

// A request logger piped before tracing() cannot see the attributes tracing() adds further in
// (requests are immutable): it leaves this record on the request, and tracing() writes the ids into it.
const TRACE_IDS_RECORD_ATTRIBUTE = 'Framework\\Tracing\\IdsRecord';

/** The ids of the request's trace and server span, as log lines carry them. */
export interface TraceIds {
  readonly traceId: string;
  readonly spanId: string;
}

/** Where `tracing()` writes the ids of a request that a logger piped before it will report. */
export interface TraceIdsRecord {
  ids: TraceIds | undefined;
}

/**
 * The id of the trace the request belongs to, as `tracing()` set it, for log lines and error reports;
 * `undefined` when no tracing ran before (or no SDK records the span).
 *
 * @example
 * app.get('/health', (request) => new JsonResponse({ traceId: traceIdOf(request) }));
 */
export function traceIdOf(request: ServerRequest): string | undefined {
  const id = request.getAttribute<unknown>(TRACE_ID_ATTRIBUTE);
  return typeof id === 'string' ? id : undefined;
}

/** The id of the request's server span, as `tracing()` set it; `undefined` as for `traceIdOf()`. */
export function spanIdOf(request: ServerRequest): string | undefined {
  const id = request.getAttribute<unknown>(SPAN_ID_ATTRIBUTE);
  return typeof id === 'string' ? id : undefined;
}

/** The request's trace and span ids when a `tracing()` before it recorded them. */
export function traceIdsOf(request: ServerRequest): TraceIds | undefined {
  const traceId = traceIdOf(request);
  const spanId = spanIdOf(request);
  return traceId === undefined || spanId === undefined ? undefined : { traceId, spanId };
}

/** `request` carrying a new record for the ids a `tracing()` further in will find. */
export function withTraceIdsRecord(request: ServerRequest, record: TraceIdsRecord): ServerRequest {
  return request.withAttribute(TRACE_IDS_RECORD_ATTRIBUTE, record);
}

/**
 * The request attributes for `ids`, written into the record a logger before left on `request` too;
 * the attributes only for a span no SDK records (`ids` undefined).
 */
export function traceIdAttributes(request: ServerRequest, ids: TraceIds | undefined): Record<string, string> {
  if (ids === undefined) return {};
  const record = request.getAttribute<TraceIdsRecord | undefined>(TRACE_IDS_RECORD_ATTRIBUTE);
  if (record !== undefined) record.ids = ids;
  return { [TRACE_ID_ATTRIBUTE]: ids.traceId, [SPAN_ID_ATTRIBUTE]: ids.spanId };
}
