import type { Container } from '../container/container';
import { ApplicationError } from '../errors/application-error';
import type { ServerRequest } from '../http/server-request';
import type { AnyResponse, MaybePromise } from '../response/any-response';
import type { RequestHandler, ServerMiddleware } from '../pipeline/types';
import type { ServiceResolver } from './service-resolver';

/**
 * A middleware named by its container service id: the container is asked at each invocation (spec
 * 4.7), so a missing or invalid service is reported when it is first needed.
 */
export class LazyServiceMiddleware implements ServerMiddleware {
  private lastService: unknown;
  private lastResolved: ServerMiddleware | undefined;

  constructor(
    readonly serviceName: string,
    private readonly container: Container,
    private readonly resolver: ServiceResolver,
  ) {}

  process(request: ServerRequest, handler: RequestHandler): MaybePromise<AnyResponse> {
    if (!this.container.has(this.serviceName)) throw serviceNotFound(this.serviceName);
    const service = this.container.get(this.serviceName);
    if (service !== this.lastService || this.lastResolved === undefined) {
      this.lastResolved = this.resolver.resolveService(service, this.serviceName);
      this.lastService = service;
    }
    return this.lastResolved.process(request, handler);
  }
}

/** The error for a middleware service name the container does not have (at invocation). */
export function serviceNotFound(serviceName: string): ApplicationError {
  return new ApplicationError(
    'FRAMEWORK_ERR_MIDDLEWARE_SERVICE_NOT_FOUND',
    `Middleware service ${JSON.stringify(serviceName)} is not in the container. Register it with ` +
      'setFactory()/setService() (or the dependencies config), or pass the middleware itself.',
  );
}
