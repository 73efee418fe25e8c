import {
  type AnyResponse,
  type RequestHandler,
  type ServerMiddleware,
  type ServerRequest,
  statusOfError,
} from '@framework/application';
import {
  type Attributes,
  context,
  isSpanContextValid,
  type MeterProvider,
  type Span,
  SpanStatusCode,
  trace,
  type Tracer,
  type TracerProvider,
} from '@opentelemetry/api';
import { invalidOption } from '../errors';
import { checkOptions, describe } from '../shared/check-options';
import { type NormalizedMethod, normalizeMethod, spanNameOf } from './http-method';
import { requestAttributes, schemeOf } from './request-attributes';
import { RequestDuration } from './request-duration';
import { type TraceNote, traceNoteOf, withTraceNote } from './trace-note';
import { type ServerSpan, serverSpanFor, shareRoute } from './server-span';
import { errorTypeOf } from './thrown-error';
import { traceIdAttributes } from './trace-id';

/** Options of `tracing()`. */
export interface TracingOptions {
  /** Where spans go (default: the global tracer provider, which the SDK registers). */
  readonly tracerProvider?: TracerProvider;
  /** Where `http.server.request.duration` goes (default: the global meter provider). */
  readonly meterProvider?: MeterProvider;
  /** Record `client.address`, the client's IP address as `request.clientAddress` resolves it (default true). */
  readonly clientAddress?: boolean;
}

const SCOPE = '@framework/middleware';

/**
 * One OpenTelemetry SERVER span per request, on `@opentelemetry/api` only (bring the SDK): the span
 * Node's HTTP instrumentation already made when it is active, else a new one, child of the request's
 * `traceparent`. Named `GET /users/{id}` from the matched route's template (recorded by `traceRoute()`,
 * piped right after routing), plain `GET` when no route matched, never from the raw path. It carries
 * the HTTP semantic conventions' attributes (no query string, no headers but `User-Agent`), `error.type`
 * and an ERROR status on a 5xx, an exception event for a thrown error, and it is active while the rest
 * of the pipeline runs. The span it makes also gives the `http.server.request.duration` histogram
 * (seconds). The trace and span ids become the attributes `TRACE_ID_ATTRIBUTE` and `SPAN_ID_ATTRIBUTE`
 * (`traceIdOf(request)`, `spanIdOf(request)`), and `requestLogger()` puts them in its lines, piped
 * before or after it. Pipe it first, so that its span covers routing and every other middleware.
 *
 * @example
 * app.pipe(tracing());
 * app.pipeRoutingMiddleware();
 * app.pipe(traceRoute());
 * app.pipeDispatchMiddleware();
 */
export function tracing(options: TracingOptions = {}): ServerMiddleware {
  const own = checkOptions('tracing', options, ['tracerProvider', 'meterProvider', 'clientAddress']);
  const tracerProvider = providerOption<TracerProvider>(own, 'tracerProvider', 'TracerProvider', 'getTracer');
  const meterProvider = providerOption<MeterProvider>(own, 'meterProvider', 'MeterProvider', 'getMeter');
  const clientAddress = own.clientAddress ?? true;
  if (typeof clientAddress !== 'boolean') {
    throw invalidOption('tracing', 'clientAddress', `must be true or false, got ${describe(clientAddress)}.`);
  }
  const tracer = (tracerProvider ?? trace.getTracerProvider()).getTracer(SCOPE);
  return new TracingMiddleware(tracer, new RequestDuration(meterProvider, SCOPE), clientAddress);
}

/** An optional provider option: absent, or an object with its factory method. */
function providerOption<T>(
  own: Readonly<Record<string, unknown>>,
  option: string,
  type: string,
  factory: string,
): T | undefined {
  const value = own[option];
  if (value === undefined) return undefined;
  if (typeof (value as Record<string, unknown> | null)?.[factory] !== 'function') {
    throw invalidOption('tracing', option, `must be a ${type} (with ${factory}), got ${describe(value)}.`);
  }
  return value as T;
}

/** How a request ended: the status it is answered with, and the error behind it, if one was thrown. */
interface Outcome {
  readonly status: number;
  readonly error: unknown;
}

class TracingMiddleware implements ServerMiddleware {
  constructor(
    private readonly tracer: Tracer,
    private readonly duration: RequestDuration,
    private readonly clientAddress: boolean,
  ) {}

  async process(request: ServerRequest, handler: RequestHandler): Promise<AnyResponse> {
    const start = performance.now();
    const method = normalizeMethod(request.method);
    const scheme = schemeOf(request);
    const attributes = requestAttributes(request, method, scheme, this.clientAddress);
    const server = serverSpanFor(this.tracer, request, spanNameOf(method.method, undefined), attributes);
    // A tracing() mounted further in shares the outer one's note, so both see the route.
    const note: TraceNote = traceNoteOf(request) ?? { route: undefined, error: undefined };
    const traced = withTraceNote(request, note).withAttributes(
      traceIdAttributes(request, idsOf(server.span)),
    );
    try {
      const response = await context.with(server.context, () => handler.handle(traced));
      this.finish(server, method, scheme, note.route, { status: response.status, error: note.error }, start);
      return response;
    } catch (error) {
      // Errors reach a middleware only where the pipeline lets them through (a mounted application's `process()`).
      this.finish(server, method, scheme, note.route, { status: statusOfError(error), error }, start);
      throw error;
    }
  }

  /** Names the span from the route, sets what the answer tells, ends an own span and records its duration. */
  private finish(
    server: ServerSpan,
    method: NormalizedMethod,
    scheme: string,
    route: string | undefined,
    outcome: Outcome,
    start: number,
  ): void {
    const { span } = server;
    const errorType =
      outcome.status < 500
        ? undefined
        : outcome.error !== undefined
          ? errorTypeOf(outcome.error)
          : String(outcome.status);
    const attributes: Attributes = { 'http.response.status_code': outcome.status };
    if (route !== undefined) attributes['http.route'] = route;
    if (errorType !== undefined) attributes['error.type'] = errorType;
    // A span taken over keeps a route a tracing() further in may have set.
    if (server.own || route !== undefined) span.updateName(spanNameOf(method.method, route));
    span.setAttributes(attributes);
    if (outcome.error !== undefined) recordException(span, outcome.error);
    if (errorType !== undefined) span.setStatus({ code: SpanStatusCode.ERROR });
    if (!server.own) {
      // Node's HTTP instrumentation ends its span and records the duration itself: only the route is shared.
      if (route !== undefined) shareRoute(server, route);
      return;
    }
    span.end();
    this.duration.record((performance.now() - start) / 1000, {
      'http.request.method': method.method,
      'url.scheme': scheme,
      ...attributes,
    });
  }
}

function idsOf(span: Span): { traceId: string; spanId: string } | undefined {
  const spanContext = span.spanContext();
  return isSpanContextValid(spanContext)
    ? { traceId: spanContext.traceId, spanId: spanContext.spanId }
    : undefined;
}

/** An exception event; a thrown value whose fields cannot be read never fails the request. */
function recordException(span: Span, error: unknown): void {
  try {
    span.recordException(typeof error === 'object' && error !== null ? (error as Error) : String(error));
  } catch {
    span.recordException({ name: errorTypeOf(error), message: 'a thrown value that cannot be read' });
  }
}
