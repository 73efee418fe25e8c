import {
  type AnyResponse,
  type MaybePromise,
  type RequestHandler,
  ROUTE_RESULT_ATTRIBUTE,
  type ServerMiddleware,
  type ServerRequest,
} from '@framework/application';

/** The request attribute through which `traceRoute()` and the error handler tell `tracing()` what happened. */
export const TRACE_NOTE_ATTRIBUTE = 'Framework\\Tracing\\Note';

// The attribute through which the application's error handler hands the error it answers with a 5xx to
// whoever reports the request (`withServerErrorRecord` of @framework/application): it writes
// `record.error` on the nearest one.
const SERVER_ERROR_RECORD_ATTRIBUTE = 'Framework\\RequestLog\\ServerError';

/** What `tracing()` learns from further down the pipeline, read when the answer is ready. */
export interface TraceNote {
  /** The matched route's template with its mount path (`/api/users/{id}`); `undefined` when none matched. */
  route: string | undefined;
  /** The error the application answered with a 5xx, if any. */
  error: unknown;
}

/**
 * The request carrying the note and a server-error record that keeps the error in it. A record already
 * on the request (a request logger's) still receives the error: the new one hands it on.
 */
export function withTraceNote(request: ServerRequest, note: TraceNote): ServerRequest {
  const outer = request.getAttribute<{ error: unknown } | undefined>(SERVER_ERROR_RECORD_ATTRIBUTE);
  const record = {
    get error(): unknown {
      return note.error;
    },
    set error(error: unknown) {
      note.error = error;
      if (outer !== undefined) outer.error = error;
    },
  };
  return request.withAttributes({ [TRACE_NOTE_ATTRIBUTE]: note, [SERVER_ERROR_RECORD_ATTRIBUTE]: record });
}

/** The note `tracing()` left on the request, if it ran. */
export function traceNoteOf(request: ServerRequest): TraceNote | undefined {
  return request.getAttribute<TraceNote | undefined>(TRACE_NOTE_ATTRIBUTE);
}

/** What `traceRoute()` reads of a `RouteResult` (the routing middleware's attribute). */
interface MatchedRouteSource {
  getMatchedRoute(): { getPath(): string } | undefined;
}

/**
 * Records the matched route's template for `tracing()`: pipe it right after the routing middleware of
 * every application that routes (a mounted one too). Requests are immutable, so `tracing()`, piped
 * first, cannot see the route result the routing middleware attaches further down; this step writes it
 * into a note `tracing()` left on the request, and has the errors of the handlers after it noted there
 * too. Without `tracing()` before it, it passes the request on untouched.
 *
 * @example
 * app.pipe(tracing());
 * app.pipeRoutingMiddleware();
 * app.pipe(traceRoute());
 * app.pipeDispatchMiddleware();
 */
export function traceRoute(): ServerMiddleware {
  return TRACE_ROUTE;
}

class TraceRouteMiddleware implements ServerMiddleware {
  process(request: ServerRequest, handler: RequestHandler): MaybePromise<AnyResponse> {
    const note = traceNoteOf(request);
    if (note === undefined) return handler.handle(request);
    const route = request
      .getAttribute<MatchedRouteSource | undefined>(ROUTE_RESULT_ATTRIBUTE)
      ?.getMatchedRoute();
    // A failed match never erases the route an application mounted further in has recorded.
    if (route !== undefined) note.route = mounted(request.basePath, route.getPath());
    // A request logger piped after tracing() holds the nearest record: this one, nearer still, feeds both.
    return handler.handle(withTraceNote(request, note));
  }
}

const TRACE_ROUTE = new TraceRouteMiddleware();

/** The template as the client sees it: `/api` + `/users/{id}`; the mounted application's `/` is `/api`. */
function mounted(basePath: string, template: string): string {
  return basePath !== '' && template === '/' ? basePath : basePath + template;
}
