import type { ServerRequest } from '../http/server-request';
import type { AnyResponse, MaybePromise } from '../response/any-response';
import type { RequestHandler, ServerMiddleware } from '../pipeline/types';
import type { ServiceResolver } from './service-resolver';

/** A `(request, handler)` function as middleware. */
export class FunctionMiddleware implements ServerMiddleware {
  constructor(readonly fn: (request: ServerRequest, handler: RequestHandler) => MaybePromise<AnyResponse>) {}

  process(request: ServerRequest, handler: RequestHandler): MaybePromise<AnyResponse> {
    return this.fn(request, handler);
  }
}

/** An object with `handle(request)` as middleware: it answers and never delegates. */
export class HandlerMiddleware implements ServerMiddleware {
  constructor(readonly handler: RequestHandler) {}

  process(request: ServerRequest): MaybePromise<AnyResponse> {
    return this.handler.handle(request);
  }
}

/**
 * A class as middleware, resolved at first invocation: the container's service when it has the class,
 * else one instance made with `new` and kept.
 */
export class ClassMiddleware implements ServerMiddleware {
  private instance: ServerMiddleware | undefined;

  constructor(
    readonly type: new () => unknown,
    private readonly resolver: ServiceResolver,
  ) {}

  process(request: ServerRequest, handler: RequestHandler): MaybePromise<AnyResponse> {
    return this.target().process(request, handler);
  }

  private target(): ServerMiddleware {
    if (this.instance !== undefined) return this.instance;
    const container = this.resolver.container;
    if (container !== undefined && container.has(this.type)) {
      return this.resolver.resolveService(container.get(this.type), this.type.name);
    }
    this.instance = this.resolver.resolveService(new this.type(), this.type.name);
    return this.instance;
  }
}
