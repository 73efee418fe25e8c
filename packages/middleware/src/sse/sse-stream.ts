import { abortableWait } from './abortable-wait';
import { formatEvent, type ServerSentEvent } from './server-sent-event';
import type { SSESettings } from './sse-options';

/** Bytes an event stream queues before a write waits for the client to read. */
export const SSE_QUEUE_LIMIT = 64 * 1024;

const encoder = new TextEncoder();
const OPENED = encoder.encode(': connected\n\n');
const KEEP_ALIVE = encoder.encode(': keep-alive\n\n');

/**
 * The writing side of one event stream, handed to the writer of `streamSSE()`. Writes are sent in
 * order and each waits while the client is behind (at most 64 KiB stay queued). When the client goes,
 * the writer stalls past `stallTimeout`, or the writer returns, `signal` aborts, `closed` turns true,
 * the keep-alive timer stops, and later writes resolve to `false` without sending anything.
 */
export class SSEStream {
  /** The client's `Last-Event-ID` header: the id of the last event it received before reconnecting. Client input. */
  readonly lastEventId: string | undefined;
  /** Aborts when the stream ends; its `reason` says why (the client left, it stopped reading, or `close()`). */
  readonly signal: AbortSignal;
  /** @internal The bytes of the stream, for the response. */
  readonly readable: ReadableStream<Uint8Array>;
  private readonly aborter = new AbortController();
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private pending: Promise<boolean> = Promise.resolve(true);
  private wakeWriter: (() => void) | undefined;
  private quietSinceTick = true;
  private readonly keepAliveTimer: ReturnType<typeof setInterval> | undefined;

  /** @internal Made by `streamSSE()`. */
  constructor(
    lastEventId: string | undefined,
    private readonly settings: SSESettings,
  ) {
    this.lastEventId = lastEventId;
    this.signal = this.aborter.signal;
    this.readable = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.controller = controller;
          // The first bytes: Node sends the status line and headers with them, and the page's
          // EventSource opens now rather than at the first event.
          controller.enqueue(OPENED);
        },
        pull: () => this.wakeWriter?.(),
        cancel: (reason: unknown) =>
          this.end(reason ?? new DOMException('The client closed the connection.', 'AbortError')),
      },
      { highWaterMark: SSE_QUEUE_LIMIT, size: (chunk) => chunk.byteLength },
    );
    if (settings.keepAlive !== false) {
      this.keepAliveTimer = setInterval(() => this.keepAlive(), settings.keepAlive);
    }
  }

  /** True once the stream has ended, for whatever reason. */
  get closed(): boolean {
    return this.signal.aborted;
  }

  /**
   * Sends one event. Resolves to `true` once it is queued, `false` when the stream has ended; rejects
   * with `FRAMEWORK_ERR_SSE_INVALID_EVENT` (and sends nothing) when a field cannot be carried.
   *
   * @example
   * await stream.writeSSE({ id: '42', event: 'price', data: JSON.stringify({ eur: 1.08 }) });
   */
  writeSSE(event: ServerSentEvent): Promise<boolean> {
    let bytes: Uint8Array;
    try {
      bytes = encoder.encode(formatEvent(event));
    } catch (error) {
      return Promise.reject(error);
    }
    const send = () => this.send(bytes);
    this.pending = this.pending.then(send, send);
    return this.pending;
  }

  /** Waits `ms`, or less when the stream ends: the loop of a writer that sends now and then. */
  sleep(ms: number): Promise<void> {
    return abortableWait(this.signal, ms).ended;
  }

  /** Ends the stream after what is queued; the writer returning does the same. */
  close(): void {
    this.end(new DOMException('The event stream was closed.', 'AbortError'));
  }

  /** @internal Ends the stream: the signal aborts, the timer stops, the bytes end (or fail, with `error`). */
  end(reason: unknown, error = false): void {
    if (this.closed) return;
    clearInterval(this.keepAliveTimer);
    this.aborter.abort(reason);
    try {
      if (error) this.controller.error(reason);
      else this.controller.close();
    } catch {
      // Cancelled by the reader already: nothing left to end.
    }
  }

  private async send(bytes: Uint8Array): Promise<boolean> {
    if (!(await this.room())) return false;
    this.controller.enqueue(bytes);
    this.quietSinceTick = false;
    return true;
  }

  /** True once the queue has room, false when the stream ended first. */
  private async room(): Promise<boolean> {
    if (this.closed) return false;
    if ((this.controller.desiredSize ?? 0) > 0) return true;
    const ms = this.settings.stallTimeout;
    const stalled = () =>
      this.end(new DOMException(`The client read nothing for ${ms} ms.`, 'TimeoutError'), true);
    const wait = abortableWait(this.signal, ms, stalled);
    this.wakeWriter = wait.end;
    await wait.ended;
    this.wakeWriter = undefined;
    return !this.closed;
  }

  private keepAlive(): void {
    const quiet = this.quietSinceTick;
    this.quietSinceTick = true;
    // A client that is behind gets no comment: it has bytes to read already.
    if (quiet && (this.controller.desiredSize ?? 0) > 0) this.controller.enqueue(KEEP_ALIVE);
  }
}
