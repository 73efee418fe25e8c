import type { Container } from '../container/container';
import type { ServerRequest } from '../http/server-request';
import { trust } from '../pipeline/ensure-response';
import type { RequestHandler } from '../pipeline/types';
import type { AnyResponse, MaybePromise } from '../response/any-response';
import { isClass } from '../resolver/describe-middleware';
import { LazyService, notInvokable } from '../resolver/lazy-service';
import { middlewareKind } from '../resolver/markers';
import { ErrorMiddlewareAdapter } from './error-middleware-adapter';
import { isErrorHandling } from './is-error-handling';
import type { ErrorHandlingMiddleware, ErrorMiddlewareFunction } from './types';

/**
 * Error middleware named by its container service id (spec 4.7, `error: true`): the container is
 * asked only when an error reaches it, so a missing or invalid service is reported then. The service
 * is called with the error signature `(error, request, response, next)` whatever its arity.
 */
export class LazyErrorMiddleware
  extends LazyService<ErrorHandlingMiddleware>
  implements ErrorHandlingMiddleware
{
  constructor(serviceName: string, container: Container) {
    super(serviceName, container);
    trust(this);
  }

  process(request: ServerRequest, handler: RequestHandler): MaybePromise<AnyResponse> {
    return handler.handle(request);
  }

  processError(error: unknown, request: ServerRequest, handler: RequestHandler): MaybePromise<AnyResponse> {
    return this.current().processError(error, request, handler);
  }

  protected resolve(service: unknown): ErrorHandlingMiddleware {
    if (isErrorHandling(service)) return service;
    if (middlewareKind(service) === 'error') {
      const callable = (service as { callable: unknown }).callable;
      if (typeof callable === 'function')
        return new ErrorMiddlewareAdapter(callable as ErrorMiddlewareFunction);
    }
    if (typeof service === 'function' && !isClass(service)) {
      return new ErrorMiddlewareAdapter(service as ErrorMiddlewareFunction);
    }
    throw notInvokable(
      'error middleware',
      this.serviceName,
      service,
      '',
      'a function (error, request, response, next), errorMiddleware(fn), or an object with process() and processError()',
    );
  }
}
