import { FORWARDED_HTTP_METHOD_ATTRIBUTE, LightResponse, type ServerRequest } from '@framework/application';
import { invalidOption } from '../errors';
import { type SSEOptions, sseSettings } from './sse-options';
import { SSEStream } from './sse-stream';

/**
 * `no-transform` keeps compress() and proxies from compressing the stream (a compressor holds bytes
 * back); `X-Accel-Buffering: no` tells nginx not to buffer it.
 */
const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
};

/**
 * Answers with a server-sent event stream and runs `write` to fill it. The answer is returned at once,
 * so headers go out before the first event; each event is sent when it is written. The stream ends
 * when `write` returns (or throws: the error goes to `onError`), when the client goes (`stream.signal`
 * aborts), or when the client stops reading for `stallTimeout`. A web stream underneath, so it works
 * with `run()` over HTTP/1.1 and HTTP/2 and with `app.fetch` in Bun, Deno and workers. HEAD gets the
 * headers, and `write` is not run.
 *
 * @example
 * app.get('/clock', (request) =>
 *   streamSSE(request, async (stream) => {
 *     let id = Number(stream.lastEventId ?? 0);
 *     while (!stream.closed) {
 *       await stream.writeSSE({ id: String(++id), event: 'tick', data: new Date().toISOString() });
 *       await stream.sleep(1000);
 *     }
 *   }),
 * );
 */
export function streamSSE(
  request: ServerRequest,
  write: (stream: SSEStream) => unknown,
  options?: SSEOptions,
): LightResponse {
  if (typeof write !== 'function') {
    throw invalidOption(
      'streamSSE',
      'write',
      `must be a function that writes the events, got ${typeof write}.`,
    );
  }
  const settings = sseSettings(options);
  if (isHead(request)) return new LightResponse(null, { headers: SSE_HEADERS });
  const stream = new SSEStream(request.header('last-event-id'), settings);
  const clientLeft = () =>
    stream.end(request.signal.reason ?? new DOMException('The client left.', 'AbortError'));
  if (request.signal.aborted) clientLeft();
  else request.signal.addEventListener('abort', clientLeft, { once: true, signal: stream.signal });
  void run(stream, write, settings.onError);
  return new LightResponse(stream.readable, { headers: SSE_HEADERS });
}

async function run(
  stream: SSEStream,
  write: (stream: SSEStream) => unknown,
  onError: (error: unknown) => void,
) {
  try {
    await write(stream);
  } catch (error) {
    if (!(stream.closed && error === stream.signal.reason)) report(onError, error);
  } finally {
    stream.close();
  }
}

function report(onError: (error: unknown) => void, error: unknown): void {
  try {
    onError(error);
  } catch (failure) {
    console.error(failure); // a failing error reporter must not become an unhandled rejection
  }
}

function isHead(request: ServerRequest): boolean {
  return request.method === 'HEAD' || request.getAttribute(FORWARDED_HTTP_METHOD_ATTRIBUTE) === 'HEAD';
}
