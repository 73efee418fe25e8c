export { streamSSE } from './stream-sse';
export { SSEStream, SSE_QUEUE_LIMIT } from './sse-stream';
export type { ServerSentEvent } from './server-sent-event';
export type { SSEOptions } from './sse-options';
