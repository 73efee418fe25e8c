import { invalidOption } from '../errors';
import { describe } from './check-options';
import type { StoreErrorMode, StoreLogger } from './store-outage';

/** How a middleware meets its store's outages, checked and defaulted. */
export interface StoreOutageSettings {
  readonly onStoreError: StoreErrorMode;
  readonly storeTimeout: number;
  readonly logger: StoreLogger;
}

const MAX_STORE_TIMEOUT_MS = 60_000;

const consoleLogger: StoreLogger = {
  warn: (fields, message) => console.warn(`[framework] ${message ?? ''}`, fields),
  error: (fields, message) => console.error(`[framework] ${message ?? ''}`, fields),
};

/** `onStoreError` (default `'fail-closed'`), `storeTimeout` (default 1000 ms) and `logger` (default the console). */
export function storeOutageSettings(
  middleware: string,
  own: { readonly onStoreError?: unknown; readonly storeTimeout?: unknown; readonly logger?: unknown },
): StoreOutageSettings {
  return {
    onStoreError: modeOption(middleware, own.onStoreError),
    storeTimeout: timeoutOption(middleware, own.storeTimeout),
    logger: loggerOption(middleware, own.logger),
  };
}

function modeOption(middleware: string, value: unknown): StoreErrorMode {
  if (value === undefined) return 'fail-closed';
  if (value === 'fail-open' || value === 'fail-closed') return value;
  throw invalidOption(
    middleware,
    'onStoreError',
    `must be 'fail-open' or 'fail-closed', got ${describe(value)}.`,
  );
}

function timeoutOption(middleware: string, value: unknown): number {
  if (value === undefined) return 1000;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_STORE_TIMEOUT_MS)
    return value;
  throw invalidOption(
    middleware,
    'storeTimeout',
    `must be a whole number from 1 to ${MAX_STORE_TIMEOUT_MS}, got ${describe(value)}.`,
  );
}

function loggerOption(middleware: string, value: unknown): StoreLogger {
  if (value === undefined) return consoleLogger;
  const logger = value as Partial<StoreLogger> | null;
  if (
    typeof logger === 'object' &&
    logger !== null &&
    typeof logger.warn === 'function' &&
    typeof logger.error === 'function'
  )
    return logger as StoreLogger;
  throw invalidOption(
    middleware,
    'logger',
    `must have warn and error methods (pino's shape), got ${describe(value)}.`,
  );
}
