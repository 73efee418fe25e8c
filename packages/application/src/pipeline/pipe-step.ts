import type { ServerRequest } from '../http/server-request';
import { type AnyResponse, isPromiseLike, type MaybePromise } from '../response/any-response';
import { ensureResponse, trust } from './ensure-response';
import type { ErrorBoundary } from './error-boundary';
import type { ErrorLayer } from './error-layer';
import { nextCalledTwice } from './next-called-twice';
import { lastErrorIndex, type PipeEntry } from './pipe-entry';
import type { RequestHandler, ServerMiddleware } from './types';

export { type PipeEntry, pipeEntry } from './pipe-entry';

/**
 * The handler one pipe level hands to its middleware: "the rest of the pipeline". One small object per
 * level and request, so a second call from the same level is detected.
 */
export class PipeStep implements RequestHandler {
  private called = false;

  constructor(
    private readonly entries: readonly PipeEntry[],
    private readonly index: number,
    private readonly final: RequestHandler,
    private readonly boundary?: ErrorBoundary,
  ) {}

  // This is the hot path: change with care. One allocation per level, no closure, no promise unless a
  // middleware makes one, no read past the end of the entries.
  handle(request: ServerRequest): MaybePromise<AnyResponse> {
    if (this.called) throw nextCalledTwice(this.entries, this.index);
    this.called = true;
    const entries = this.entries;
    const index = this.index;
    if (index >= entries.length) return this.final.handle(request);
    const boundary = this.boundary;
    const next = new PipeStep(entries, index + 1, this.final, boundary);
    return runEntry(entries[index] as PipeEntry, request, next, boundary);
  }
}

/** Runs one entry with `next` as the rest of the pipe, within `boundary` when there is one. */
export function runEntry(
  entry: PipeEntry,
  request: ServerRequest,
  next: RequestHandler,
  boundary: ErrorBoundary | undefined,
): MaybePromise<AnyResponse> {
  if (boundary !== undefined) return processWithin(boundary, entry, request, next);
  const result = entry.middleware.process(request, next);
  return entry.checked ? ensureResponse(result, entry.label) : result;
}

/** Runs one entry, turning what it throws or rejects with into the boundary's answer. */
export function processWithin(
  boundary: ErrorBoundary,
  entry: PipeEntry,
  request: ServerRequest,
  next: RequestHandler,
): MaybePromise<AnyResponse> {
  let result: MaybePromise<AnyResponse>;
  try {
    result = entry.middleware.process(request, next);
    if (entry.checked) result = ensureResponse(result, entry.label);
  } catch (error) {
    return boundary.recover(error, request);
  }
  if (!isPromiseLike(result)) return result;
  return result.then(undefined, (error: unknown) => boundary.recover(error, request));
}

/**
 * A fixed list of resolved middleware run in order (what an array of middleware becomes). With an
 * error layer, the layer may run it (error middleware among the entries, or errors to take on to
 * error middleware after it in the calling pipe).
 */
export class NestedPipe implements ServerMiddleware {
  private readonly lastError: number;

  constructor(
    private readonly entries: readonly PipeEntry[],
    private readonly layer?: ErrorLayer,
  ) {
    this.lastError = lastErrorIndex(entries);
    trust(this);
  }

  process(request: ServerRequest, handler: RequestHandler): MaybePromise<AnyResponse> {
    const first =
      this.layer?.firstStep(this.entries, this.lastError, handler, undefined) ??
      new PipeStep(this.entries, 0, handler);
    return first.handle(request);
  }
}
