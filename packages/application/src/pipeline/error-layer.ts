import type { ErrorBoundary } from './error-boundary';
import type { PipeEntry } from './pipe-entry';
import type { RequestHandler, ServerMiddleware } from './types';

/**
 * A layer over the pipeline that routes errors down a pipe to middleware of its own (Variant A's error
 * middleware). The pipe asks it which entries those are, skips them on the normal flow, and lets it
 * make the first step of a run; a pipe that holds none of them runs plain `PipeStep`s.
 */
export interface ErrorLayer {
  /** Whether the pipe skips `middleware` until an error travels down to it. */
  isErrorMiddleware(middleware: ServerMiddleware): boolean;
  /** `pipe(prefix, middleware)` for error middleware: it handles only errors raised under `prefix`. */
  limitToPath(prefix: string, middleware: ServerMiddleware): ServerMiddleware;
  /**
   * The first step of a run over `entries` (the last error middleware at `lastError`, -1 without),
   * or `undefined` when the run needs no error routing and plain steps will do.
   */
  firstStep(
    entries: readonly PipeEntry[],
    lastError: number,
    final: RequestHandler,
    boundary: ErrorBoundary | undefined,
  ): RequestHandler | undefined;
}
