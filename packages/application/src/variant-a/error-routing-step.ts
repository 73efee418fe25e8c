import type { ServerRequest } from '../http/server-request';
import { ensureResponse } from '../pipeline/ensure-response';
import { nextCalledTwice } from '../pipeline/next-called-twice';
import type { ErrorBoundary } from '../pipeline/error-boundary';
import type { PipeEntry } from '../pipeline/pipe-entry';
import { runEntry } from '../pipeline/pipe-step';
import type { RequestHandler } from '../pipeline/types';
import { type AnyResponse, isPromiseLike, type MaybePromise } from '../response/any-response';
import type { ErrorHandlingMiddleware, ErrorRoutingHandler } from './types';

const NONE: unique symbol = /* @__PURE__ */ Symbol('none');

/**
 * The "rest of the pipeline" of a pipe that routes errors (Variant A). Like `PipeStep`, plus: an error
 * thrown or rejected by entry `k` (or by what it called, unless that already passed through the step
 * after `k`) travels DOWN to the first error middleware after `k`. When there is none left, a calling
 * pipe that routes errors takes it on from where this pipe stands in it, so a nested pipe behaves as if
 * its entries were written flat in the calling one; otherwise it propagates to the callers unchanged, as
 * in a pipe without error middleware. A step remembers the error it let escape, so the steps above it
 * only rethrow it. Steps after `lastGuarded` take no precautions at all.
 */
export class ErrorRoutingStep implements ErrorRoutingHandler {
  private called = false;
  private escaped: unknown = NONE;

  constructor(
    private readonly entries: readonly PipeEntry[],
    private readonly index: number,
    private readonly final: RequestHandler,
    /** The last entry whose errors this pipe routes: its last error middleware, or every entry. */
    private readonly lastGuarded: number,
    private readonly boundary?: ErrorBoundary,
  ) {}

  /**
   * The first step of a run over `entries`, or `undefined` when plain steps will do: when the pipe
   * holds no error middleware (`lastError` is -1) and no error middleware of a calling pipe lies after
   * it (`final` is not a step that still routes errors).
   */
  static first(
    entries: readonly PipeEntry[],
    lastError: number,
    final: RequestHandler,
    boundary: ErrorBoundary | undefined,
  ): ErrorRoutingStep | undefined {
    if (ErrorRoutingStep.routesAhead(final)) {
      return new ErrorRoutingStep(entries, 0, final, entries.length - 1, boundary);
    }
    return lastError < 0 ? undefined : new ErrorRoutingStep(entries, 0, final, lastError, boundary);
  }

  /** Whether `handler` is a step with error middleware of its pipe at or after it. */
  static routesAhead(handler: RequestHandler): handler is ErrorRoutingStep {
    return handler instanceof ErrorRoutingStep && handler.index <= handler.lastGuarded;
  }

  handle(request: ServerRequest): MaybePromise<AnyResponse> {
    this.enter();
    const entry = this.entries[this.index];
    if (entry === undefined) return this.final.handle(request);
    const next = this.stepAt(this.index + 1);
    if (this.index > this.lastGuarded) return runEntry(entry, request, next, this.boundary);
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
    return new ErrorRoutingStep(this.entries, index, this.final, this.lastGuarded, this.boundary);
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

  /** Runs the first error middleware after entry `from`, or hands the error on. */
  private route(error: unknown, request: ServerRequest, from: number): MaybePromise<AnyResponse> {
    let target = from + 1;
    while (target <= this.lastGuarded && !this.entries[target]?.error) target++;
    const entry = this.entries[target];
    if (target > this.lastGuarded || entry === undefined) return this.leave(error, request);
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

  /**
   * No error middleware is left in this pipe: the calling pipe routes the error on from this pipe's
   * place in it (its step after this pipe is `final`), when it routes errors; else the error escapes.
   * What the calling pipe lets escape has been routed there already, so it escapes here as it is.
   */
  private leave(error: unknown, request: ServerRequest): MaybePromise<AnyResponse> {
    const outer = this.final;
    if (!ErrorRoutingStep.routesAhead(outer)) return this.escape(error, request);
    let result: MaybePromise<AnyResponse>;
    try {
      result = outer.route(error, request, outer.index - 1);
    } catch (thrown) {
      return this.escape(thrown, request);
    }
    if (!isPromiseLike(result)) return result;
    return result.then(undefined, (thrown: unknown) => this.escape(thrown, request));
  }

  /** The boundary answers (or the error propagates to the callers). */
  private escape(error: unknown, request: ServerRequest): MaybePromise<AnyResponse> {
    this.escaped = error;
    if (this.boundary !== undefined) return this.boundary.recover(error, request);
    throw error;
  }
}
