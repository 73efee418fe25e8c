export { tracing, type TracingOptions } from './tracing';
export { traceRoute } from './trace-note';
export { SPAN_ID_ATTRIBUTE, spanIdOf, TRACE_ID_ATTRIBUTE, traceIdOf } from './trace-id';
export { HTTP_SERVER_DURATION_BUCKETS } from './request-duration';
export { MAX_PROPAGATION_HEADER_LENGTH } from './server-span';
