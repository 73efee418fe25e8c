import type { ServerRequest } from '../http/server-request';
import type { AnyResponse, MaybePromise } from '../response/any-response';
import { MiddlewareResolver } from '../resolver/middleware-resolver';
import { describeMiddleware } from '../resolver/describe-middleware';
import { NotFoundHandler } from '../middleware/not-found-handler';
import { checkOptionKeys } from '../application/option-keys';
import { trust } from './ensure-response';
import type { ErrorBoundary } from './error-boundary';
import type { ErrorLayer } from './error-layer';
import { normalizePrefix, PathMiddleware } from './path-middleware';
import { type PipeEntry, pipeEntry } from './pipe-entry';
import { PipeStep, runEntry } from './pipe-step';
import { asRoutingStep, type RoutingStep } from './routing-step';
import type { Middleware, RequestHandler, ServerMiddleware } from './types';

/**
 * Runs middleware in the order piped. Each middleware answers or delegates to the rest of the pipe
 * with `handler.handle(request)`; an error thrown (or rejected) reaches the middleware that called it.
 * `process()` falls through to the caller's handler when the pipe is exhausted; `handle()` answers 404.
 *
 * @example
 * const pipe = new MiddlewarePipe()
 *   .pipe(async (request, handler) => { const r = await handler.handle(request); r.headers.set('x-a', '1'); return r; })
 *   .pipe('/api', apiApp);
 * http.createServer(createListener(pipe)).listen(8080);
 */
export class MiddlewarePipe implements ServerMiddleware, RequestHandler {
  private readonly entries: PipeEntry[] = [];
  private readonly resolver: MiddlewareResolver;
  private readonly notFound: RequestHandler;
  private readonly boundary: ErrorBoundary | undefined;
  /** The resolver's variant: the layer that routes errors to error middleware (Variant A). */
  private readonly layer: ErrorLayer;
  /** Index of the last error middleware, -1 without: then no step guards against errors. */
  private lastError = -1;
  /** The first entry when it is a built-in routing step and more entries follow: `handle()` runs it inline. */
  private router: RoutingStep | undefined;

  /**
   * `errors` makes each level of `handle()` answer the errors its middleware throws (what an
   * application does); without it, and always in `process()` (mounted), errors propagate to the
   * calling middleware and out of the pipe.
   */
  constructor(options?: {
    resolver?: MiddlewareResolver;
    notFound?: RequestHandler;
    errors?: ErrorBoundary;
  }) {
    checkOptionKeys('new MiddlewarePipe()', options, ['resolver', 'notFound', 'errors']);
    this.resolver = options?.resolver ?? new MiddlewareResolver();
    this.notFound = options?.notFound ?? new NotFoundHandler();
    this.boundary = options?.errors;
    this.layer = this.resolver.variant;
    trust(this);
  }

  /** Appends middleware; with a path, only for that literal prefix (segment boundary). */
  pipe(middleware: Middleware): this;
  pipe(path: string, middleware: Middleware): this;
  pipe(pathOrMiddleware: string | Middleware, middleware?: Middleware): this {
    if (arguments.length < 2) {
      return this.push(this.resolver.resolve(pathOrMiddleware), describeMiddleware(pathOrMiddleware));
    }
    const prefix = normalizePrefix(pathOrMiddleware as string);
    const label = `${describeMiddleware(middleware)} piped at ${JSON.stringify(prefix || '/')}`;
    const resolved = this.resolver.resolve(middleware);
    return this.push(prefix === '' ? resolved : this.limitToPath(prefix, resolved), label);
  }

  /** Runs the pipe as middleware: an exhausted pipe hands the request to `handler`. */
  process(request: ServerRequest, handler: RequestHandler): MaybePromise<AnyResponse> {
    return this.start(handler, undefined).handle(request);
  }

  /** Runs the pipe as the final handler: an exhausted pipe answers 404. */
  // This is the hot path of an application: a pipe that starts with routing (`pipeRoutingMiddleware()`)
  // routes inline, so a routed request costs one step object (the handler of the second entry).
  handle(request: ServerRequest): MaybePromise<AnyResponse> {
    const boundary = this.boundary;
    const first = this.layer.firstStep(this.entries, this.lastError, this.notFound, boundary);
    if (first !== undefined) return first.handle(request);
    const router = this.router;
    if (router === undefined) return new PipeStep(this.entries, 0, this.notFound, boundary).handle(request);
    let routed: ServerRequest | undefined;
    try {
      routed = router.route(request);
    } catch (error) {
      if (boundary === undefined) throw error;
      return boundary.recover(error, request);
    }
    // A method failure: the routing middleware answers it (405, implicit HEAD and OPTIONS) in the walk.
    if (routed === undefined) return new PipeStep(this.entries, 0, this.notFound, boundary).handle(request);
    const next = new PipeStep(this.entries, 2, this.notFound, boundary);
    return runEntry(this.entries[1] as PipeEntry, routed, next, boundary);
  }

  private start(final: RequestHandler, boundary: ErrorBoundary | undefined): RequestHandler {
    return (
      this.layer.firstStep(this.entries, this.lastError, final, boundary) ??
      new PipeStep(this.entries, 0, final, boundary)
    );
  }

  private limitToPath(prefix: string, middleware: ServerMiddleware): ServerMiddleware {
    return this.layer.isErrorMiddleware(middleware)
      ? this.layer.limitToPath(prefix, middleware)
      : new PathMiddleware(prefix, middleware);
  }

  private push(middleware: ServerMiddleware, label: string): this {
    const error = this.layer.isErrorMiddleware(middleware);
    this.entries.push(pipeEntry(middleware, label, error));
    if (error) this.lastError = this.entries.length - 1;
    const first = this.entries[0] as PipeEntry;
    this.router = this.entries.length > 1 ? asRoutingStep(first.middleware) : undefined;
    return this;
  }
}
