/** One logging method in pino's shape: structured fields first, then the message. */
export type LogMethod = (fields: object, message?: string) => void;

/**
 * A pino-compatible logger: pino itself, or any object with these methods (a pino child, a wrapper
 * around another logging library).
 */
export interface Logger {
  readonly debug: LogMethod;
  readonly info: LogMethod;
  readonly warn: LogMethod;
  readonly error: LogMethod;
}

/** What the cluster primary logs to without a logger: warnings and errors on stderr, nothing else. */
export const consoleLogger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: (fields, message) => console.warn(`[framework] ${message ?? ''}`, fields),
  error: (fields, message) => console.error(`[framework] ${message ?? ''}`, fields),
};
