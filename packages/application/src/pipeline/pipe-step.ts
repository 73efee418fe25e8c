import { ApplicationError } from '../errors/application-error';
import type { ServerRequest } from '../http/server-request';
import type { AnyResponse, MaybePromise } from '../response/any-response';
import { ensureResponse, isTrusted, trust } from './ensure-response';
import type { RequestHandler, ServerMiddleware } from './types';

/** One resolved pipe entry; `label` names it in errors. */
export interface PipeEntry {
  readonly middleware: ServerMiddleware;
  readonly label: string;
  readonly checked: boolean;
}

export function pipeEntry(middleware: ServerMiddleware, label: string): PipeEntry {
  return { middleware, label, checked: !isTrusted(middleware) };
}

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
  ) {}

  // This is the hot path: one allocation per level, no closure, no promise unless a middleware makes one.
  handle(request: ServerRequest): MaybePromise<AnyResponse> {
    if (this.called) {
      const caller = this.entries[this.index - 1];
      throw new ApplicationError(
        'FRAMEWORK_ERR_MIDDLEWARE_NEXT_CALLED_TWICE',
        `${caller === undefined ? 'A middleware' : caller.label} called handler.handle() more than once. ` +
          'Call it at most once per request; to retry, build a new request and answer it yourself.',
      );
    }
    this.called = true;
    const entry = this.entries[this.index];
    if (entry === undefined) return this.final.handle(request);
    const result = entry.middleware.process(request, new PipeStep(this.entries, this.index + 1, this.final));
    return entry.checked ? ensureResponse(result, entry.label) : result;
  }
}

/** A fixed list of resolved middleware run in order (what an array of middleware becomes). */
export class NestedPipe implements ServerMiddleware {
  constructor(private readonly entries: readonly PipeEntry[]) {
    trust(this);
  }

  process(request: ServerRequest, handler: RequestHandler): MaybePromise<AnyResponse> {
    return new PipeStep(this.entries, 0, handler).handle(request);
  }
}
