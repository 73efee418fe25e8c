import type { ServerRequest } from '@framework/application';
import {
  type Attributes,
  type Context,
  context,
  createContextKey,
  propagation,
  type Span,
  SpanKind,
  type TextMapGetter,
  trace,
  type Tracer,
} from '@opentelemetry/api';

/** Longest propagation header (`traceparent`, `tracestate`, `baggage`) handed to the propagator. */
export const MAX_PROPAGATION_HEADER_LENGTH = 4096;

/** The span a request is traced in, the context its handlers run in, and whether this middleware made it. */
export interface ServerSpan {
  readonly span: Span;
  readonly context: Context;
  readonly own: boolean;
}

const headers: TextMapGetter<ServerRequest> = {
  keys: (request) => Object.keys(request.headers),
  get: (request, key) => {
    const value = request.header(key);
    return value !== undefined && value.length <= MAX_PROPAGATION_HEADER_LENGTH ? value : undefined;
  },
};

// The key under which @opentelemetry/instrumentation-http shares the request's route with frameworks
// (`RPCMetadata` of @opentelemetry/core); context keys are `Symbol.for` their description.
const RPC_METADATA = createContextKey('OpenTelemetry SDK Context Key RPC_METADATA');

/**
 * The request's server span: the SERVER span already active (Node's HTTP instrumentation made it) is
 * taken over, renamed and given the attributes, never doubled; otherwise a SERVER span starts, child of
 * the `traceparent` / `tracestate` the global propagator extracts from the request.
 */
export function serverSpanFor(
  tracer: Tracer,
  request: ServerRequest,
  name: string,
  attributes: Attributes,
): ServerSpan {
  const active = context.active();
  const current = trace.getSpan(active);
  if (current !== undefined && isServerSpan(current)) {
    current.updateName(name);
    current.setAttributes(attributes);
    return { span: current, context: active, own: false };
  }
  const parent = propagation.extract(active, request, headers);
  const span = tracer.startSpan(name, { kind: SpanKind.SERVER, attributes }, parent);
  return { span, context: trace.setSpan(parent, span), own: true };
}

/** Hands the route to Node's HTTP instrumentation, whose own duration metric then carries `http.route`. */
export function shareRoute(server: ServerSpan, route: string): void {
  const metadata = server.context.getValue(RPC_METADATA) as { type?: unknown; route?: string } | undefined;
  if (metadata !== undefined && metadata.type === 'http') metadata.route = route;
}

// The SDK's spans say their kind; the API's interface does not, so a span of another SDK is never taken over.
function isServerSpan(span: Span): boolean {
  return (span as { readonly kind?: unknown }).kind === SpanKind.SERVER && span.isRecording();
}
