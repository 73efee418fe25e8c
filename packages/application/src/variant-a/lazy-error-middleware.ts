import type { Container } from '../container/container';
import { ApplicationError } from '../errors/application-error';
import type { ServerRequest } from '../http/server-request';
import { trust } from '../pipeline/ensure-response';
import type { RequestHandler } from '../pipeline/types';
import type { AnyResponse, MaybePromise } from '../response/any-response';
import { describeValue, isClass } from '../resolver/describe-middleware';
import { serviceNotFound } from '../resolver/lazy-service-middleware';
import { middlewareKind } from '../resolver/markers';
import { ErrorMiddlewareAdapter } from './error-middleware-adapter';
import { isErrorHandling } from './is-error-handling';
import type { ErrorHandlingMiddleware, ErrorMiddlewareFunction } from './types';

/**
 * Error middleware named by its container service id (spec 4.7, `error: true`): the container is
 * asked only when an error reaches it, so a missing or invalid service is reported then. The service
 * is called with the error signature `(error, request, response, next)` whatever its arity.
 */
export class LazyErrorMiddleware implements ErrorHandlingMiddleware {
  private lastService: unknown;
  private lastResolved: ErrorHandlingMiddleware | undefined;

  constructor(
    readonly serviceName: string,
    private readonly container: Container,
  ) {
    trust(this);
  }

  process(request: ServerRequest, handler: RequestHandler): MaybePromise<AnyResponse> {
    return handler.handle(request);
  }

  processError(error: unknown, request: ServerRequest, handler: RequestHandler): MaybePromise<AnyResponse> {
    if (!this.container.has(this.serviceName)) throw serviceNotFound(this.serviceName);
    const service = this.container.get(this.serviceName);
    if (service !== this.lastService || this.lastResolved === undefined) {
      this.lastResolved = asErrorMiddleware(service, this.serviceName);
      this.lastService = service;
    }
    return this.lastResolved.processError(error, request, handler);
  }
}

function asErrorMiddleware(service: unknown, name: string): ErrorHandlingMiddleware {
  if (isErrorHandling(service)) return service;
  if (middlewareKind(service) === 'error') {
    const callable = (service as { callable: unknown }).callable;
    if (typeof callable === 'function')
      return new ErrorMiddlewareAdapter(callable as ErrorMiddlewareFunction);
  }
  if (typeof service === 'function' && !isClass(service)) {
    return new ErrorMiddlewareAdapter(service as ErrorMiddlewareFunction);
  }
  throw new ApplicationError(
    'FRAMEWORK_ERR_MIDDLEWARE_NOT_INVOKABLE',
    `Lazy-loaded error middleware service ${JSON.stringify(name)} is not invokable: the container returned ` +
      `${describeValue(service)}. Register a function (error, request, response, next), errorMiddleware(fn), ` +
      'or an object with process() and processError().',
  );
}
