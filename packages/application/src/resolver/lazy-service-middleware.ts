import type { Container } from '../container/container';
import type { ServerRequest } from '../http/server-request';
import type { AnyResponse, MaybePromise } from '../response/any-response';
import type { RequestHandler, ServerMiddleware } from '../pipeline/types';
import { LazyService } from './lazy-service';
import type { ServiceResolver } from './service-resolver';

/** A middleware named by its container service id, resolved as the resolver resolves any service. */
export class LazyServiceMiddleware extends LazyService<ServerMiddleware> implements ServerMiddleware {
  constructor(
    serviceName: string,
    container: Container,
    private readonly resolver: ServiceResolver,
  ) {
    super(serviceName, container);
  }

  process(request: ServerRequest, handler: RequestHandler): MaybePromise<AnyResponse> {
    return this.current().process(request, handler);
  }

  protected resolve(service: unknown): ServerMiddleware {
    return this.resolver.resolveService(service, this.serviceName);
  }
}
