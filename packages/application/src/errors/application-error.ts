import type { ApplicationErrorCode } from './error-codes';
import { statusOfCode } from './error-status';

/**
 * An error raised by the application. `status` is the HTTP status the error handler answers with;
 * `expose` says whether its message may be shown to clients outside development mode (4xx only).
 *
 * @example
 * try { await request.json(); } catch (e) { if (e instanceof ApplicationError) e.code; }
 */
export class ApplicationError extends Error {
  override readonly name = 'ApplicationError';
  readonly status: number;
  readonly expose: boolean;
  /** Headers the error answer carries (for example `Connection: close` on an early 413). */
  readonly headers: Readonly<Record<string, string>> | undefined;

  constructor(
    readonly code: ApplicationErrorCode,
    message: string,
    options?: { cause?: unknown; headers?: Readonly<Record<string, string>> },
  ) {
    super(message, options);
    this.headers = options?.headers;
    this.status = statusOfCode(code);
    this.expose = this.status < 500;
  }
}
