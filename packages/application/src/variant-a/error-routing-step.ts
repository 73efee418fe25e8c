import type { ServerRequest } from '../http/server-request';
import { ensureResponse } from '../pipeline/ensure-response';
import { nextCalledTwice } from '../pipeline/next-called-twice';
import type { ErrorBoundary } from '../pipeline/error-boundary';
import { type PipeEntry, processWithin } from '../pipeline/pipe-step';
import type { RequestHandler } from '../pipeline/types';
import { type AnyResponse, isPromiseLike, type MaybePromise } from '../response/any-response';
import type { ErrorHandlingMiddleware, ErrorRoutingHandler } from './types';

const NONE: unique symbol = Symbol('none');

/** The index of the last error middleware entry, or -1 (then the pipe uses the plain `PipeStep`). */
export function lastErrorIndex(entries: readonly PipeEntry[]): number {
  for (let index = entries.length - 1; index >= 0; index--) if (entries[index]?.error) return index;
  return -1;
}

/**
 * The "rest of the pipeline" of a pipe that holds error middleware (Variant A). Like `PipeStep`, plus:
 * an error thrown or rejected by entry `k` (or by what it called, unless that already passed through
 * the step after `k`) travels DOWN to the first error middleware after `k`; when there is none left it
 * propagates to the callers unchanged, as in a pipe without error middleware. A step remembers the
 * error it let escape, so the steps above it only rethrow it. Steps after the last error middleware
 * take no precautions at all.
 */
export class ErrorRoutingStep implements ErrorRoutingHandler {
  private called = false;
  private escaped: unknown = NONE;

  constructor(
    private readonly entries: readonly PipeEntry[],
    private readonly index: number,
    private readonly final: RequestHandler,
    private readonly lastError: number,
    private readonly boundary?: ErrorBoundary,
  ) {}

  handle(request: ServerRequest): MaybePromise<AnyResponse> {
    this.enter();
    const entry = this.entries[this.index];
    if (entry === undefined) return this.final.handle(request);
    const next = this.stepAt(this.index + 1);
    if (this.index > this.lastError) {
      if (this.boundary !== undefined) return processWithin(this.boundary, entry, request, next);
      const result = entry.middleware.process(request, next);
      return entry.checked ? ensureResponse(result, entry.label) : result;
    }
    let result: MaybePromise<AnyResponse>;
    try {
      result = entry.middleware.process(request, next);
      if (entry.checked) result = ensureResponse(result, entry.label);
    } catch (error) {
      return this.recover(error, request, next, this.index);
    }
    if (!isPromiseLike(result)) return result;
    return result.then(undefined, (error: unknown) => this.recover(error, request, next, this.index));
  }

  /** Routes `error` (passed on by the error middleware before this step) to the next error middleware. */
  handleError(error: unknown, request: ServerRequest): MaybePromise<AnyResponse> {
    this.enter();
    return this.route(error, request, this.index - 1);
  }

  private enter(): void {
    if (this.called) throw nextCalledTwice(this.entries, this.index);
    this.called = true;
  }

  private stepAt(index: number): ErrorRoutingStep {
    return new ErrorRoutingStep(this.entries, index, this.final, this.lastError, this.boundary);
  }

  /** An error out of entry `from`: rethrown when it came through `next` (already routed), else routed. */
  private recover(
    error: unknown,
    request: ServerRequest,
    next: ErrorRoutingStep,
    from: number,
  ): MaybePromise<AnyResponse> {
    if (next.escaped === error) return this.escape(error, request);
    return this.route(error, request, from);
  }

  /** Runs the first error middleware after entry `from`, or lets the error escape. */
  private route(error: unknown, request: ServerRequest, from: number): MaybePromise<AnyResponse> {
    let target = from + 1;
    while (target <= this.lastError && !this.entries[target]?.error) target++;
    const entry = this.entries[target];
    if (target > this.lastError || entry === undefined) return this.escape(error, request);
    const after = this.stepAt(target + 1);
    let result: MaybePromise<AnyResponse>;
    try {
      const middleware = entry.middleware as ErrorHandlingMiddleware;
      result = ensureResponse(middleware.processError(error, request, after), entry.label);
    } catch (thrown) {
      return this.recover(thrown, request, after, target);
    }
    if (!isPromiseLike(result)) return result;
    return result.then(undefined, (thrown: unknown) => this.recover(thrown, request, after, target));
  }

  /** No error middleware is left: the boundary answers (or the error propagates to the callers). */
  private escape(error: unknown, request: ServerRequest): MaybePromise<AnyResponse> {
    this.escaped = error;
    if (this.boundary !== undefined) return this.boundary.recover(error, request);
    throw error;
  }
}
