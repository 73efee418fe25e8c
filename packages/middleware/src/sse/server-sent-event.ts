import { MiddlewareError } from '../errors';

/**
 * One event of an event stream, as `EventSource` reads it. Every field is optional; an event without
 * `data` is not dispatched to the page, but its `id` and `retry` still take effect.
 */
export interface ServerSentEvent {
  /**
   * The payload. Line breaks (LF, CR or CRLF) split it into several `data:` lines, which the browser
   * joins again with `\n`, so no text can end the event early or add a field.
   */
  readonly data?: string;
  /** The event type the page listens for with `addEventListener(type, …)` (default `message`). No CR or LF. */
  readonly event?: string;
  /** The event id; the browser sends the last one back as `Last-Event-ID` when it reconnects. No CR, LF or NUL. */
  readonly id?: string;
  /** Milliseconds the browser waits before it reconnects after the connection drops (a whole number). */
  readonly retry?: number;
}

const LINE_BREAK = /\r\n|\r|\n/;
const BREAKS_A_FIELD = /[\r\n]/;
const BREAKS_AN_ID = /[\r\n\0]/;

/** The event in the `text/event-stream` format, blank line included; throws on a field it cannot carry. */
export function formatEvent(event: ServerSentEvent): string {
  if (event === null || typeof event !== 'object')
    throw invalidEvent(`the event must be an object, got ${describe(event)}.`);
  let text = '';
  if (event.event !== undefined) text += `event: ${singleLine('event', event.event, BREAKS_A_FIELD)}\n`;
  if (event.id !== undefined) text += `id: ${singleLine('id', event.id, BREAKS_AN_ID)}\n`;
  if (event.retry !== undefined) text += `retry: ${retryOf(event.retry)}\n`;
  if (event.data !== undefined) {
    if (typeof event.data !== 'string')
      throw invalidEvent(`event.data must be a string, got ${describe(event.data)}.`);
    for (const line of event.data.split(LINE_BREAK)) text += `data: ${line}\n`;
  }
  return `${text}\n`;
}

function singleLine(field: 'event' | 'id', value: unknown, forbidden: RegExp): string {
  if (typeof value !== 'string')
    throw invalidEvent(`event.${field} must be a string, got ${describe(value)}.`);
  if (forbidden.test(value)) {
    const what = field === 'id' ? 'a line break or NUL' : 'a line break';
    throw invalidEvent(`event.${field} ${describe(value)} holds ${what}, which would end the field early.`);
  }
  return value;
}

function retryOf(value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw invalidEvent(`event.retry must be a whole number of milliseconds, got ${describe(value)}.`);
  }
  return value;
}

function describe(value: unknown): string {
  if (typeof value !== 'string') return String(value);
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
}

function invalidEvent(problem: string): MiddlewareError {
  return new MiddlewareError('FRAMEWORK_ERR_SSE_INVALID_EVENT', `writeSSE(): ${problem}`);
}
