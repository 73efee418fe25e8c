import type { ServerRequest } from '@framework/application';

/** The request attribute holding the trace id (32 lower-case hex digits) once `tracing()` has run. */
export const TRACE_ID_ATTRIBUTE = 'Framework\\Tracing\\TraceId';

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
