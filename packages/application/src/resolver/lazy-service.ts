import type { Container } from '../container/container';
import { ApplicationError } from '../errors/application-error';
import { describeValue } from './describe-middleware';

/**
 * Middleware named by its container service id: the container is asked at each use (spec 4.7), so a
 * missing or invalid service is reported when it is first needed; what it returns is resolved again
 * only when it is another value.
 */
export abstract class LazyService<T> {
  private lastService: unknown;
  private lastResolved: T | undefined;

  constructor(
    readonly serviceName: string,
    private readonly container: Container,
  ) {}

  /** The service as middleware of this kind; what it cannot be throws `FRAMEWORK_ERR_MIDDLEWARE_NOT_INVOKABLE`. */
  protected abstract resolve(service: unknown): T;

  protected current(): T {
    if (!this.container.has(this.serviceName)) throw serviceNotFound(this.serviceName);
    const service = this.container.get(this.serviceName);
    if (service !== this.lastService || this.lastResolved === undefined) {
      this.lastResolved = this.resolve(service);
      this.lastService = service;
    }
    return this.lastResolved;
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

/**
 * The error for a service that is not `kind` (`middleware`, `error middleware`): names the service,
 * what the container returned (with `hint`, such as a misspelt method) and the forms that would do.
 */
export function notInvokable(
  kind: string,
  name: string,
  service: unknown,
  hint: string,
  forms: string,
): ApplicationError {
  return new ApplicationError(
    'FRAMEWORK_ERR_MIDDLEWARE_NOT_INVOKABLE',
    `Lazy-loaded ${kind} service ${JSON.stringify(name)} is not invokable: the container returned ` +
      `${describeValue(service)}${hint}. Register ${forms}.`,
  );
}
