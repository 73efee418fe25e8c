import { invalidOption } from '../errors';

/** Options of `streamSSE()`. */
export interface SSEOptions {
  /**
   * Milliseconds without an event after which a comment line (`: keep-alive`) is sent, so proxies and
   * load balancers do not close the connection as idle (default 15000); `false` sends none.
   */
  readonly keepAlive?: number | false;
  /**
   * Milliseconds a write may wait for the client to read what is already queued before the stream is
   * cut (default 30000): a client that stops reading holds at most the queue's 64 KiB, and not for long.
   */
  readonly stallTimeout?: number;
  /**
   * Called with what the writer throws or rejects with (default `console.error`); the stream then
   * ends. Not called for the stream's own abort reason (`signal.throwIfAborted()` after the client left).
   */
  readonly onError?: (error: unknown) => void;
}

export interface SSESettings {
  readonly keepAlive: number | false;
  readonly stallTimeout: number;
  readonly onError: (error: unknown) => void;
}

/** The longest delay a timer takes in every runtime (2^31 - 1 ms, about 24.8 days). */
const MAX_DELAY = 2_147_483_647;
const KNOWN = new Set(['keepAlive', 'stallTimeout', 'onError']);

export function sseSettings(options: SSEOptions = {}): SSESettings {
  if (options === null || typeof options !== 'object') {
    throw invalidOption('streamSSE', 'options', `must be an object, got ${String(options)}.`);
  }
  for (const key of Object.keys(options)) {
    if (!KNOWN.has(key))
      throw invalidOption('streamSSE', key, 'is not an option; use keepAlive, stallTimeout or onError.');
  }
  const keepAlive = options.keepAlive ?? 15_000;
  if (keepAlive !== false) milliseconds('keepAlive', keepAlive, 'or false');
  const onError = options.onError ?? ((error: unknown) => console.error(error));
  if (typeof onError !== 'function') {
    throw invalidOption('streamSSE', 'onError', `must be a function, got ${typeof onError}.`);
  }
  return {
    keepAlive,
    stallTimeout: milliseconds('stallTimeout', options.stallTimeout ?? 30_000),
    onError,
  };
}

function milliseconds(option: string, value: unknown, alternative = ''): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_DELAY) {
    const or = alternative === '' ? '' : ` ${alternative}`;
    throw invalidOption(
      'streamSSE',
      option,
      `must be a whole number of milliseconds from 1 to ${MAX_DELAY}${or}, got ${String(value)}.`,
    );
  }
  return value;
}
