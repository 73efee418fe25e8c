import type { ServiceId } from './container';
import { describeServiceId } from './describe-service-id';

/**
 * Every error a container raises carries a stable `code`. The catalogue lives in
 * `CONTAINER_ERROR_CODES`; the package's ERRORS.md documents each code.
 */
export const CONTAINER_ERROR_CODES = {
  FRAMEWORK_ERR_CONTAINER_NOT_FOUND: 'No service, factory, invokable or alias is registered under the id.',
  FRAMEWORK_ERR_CONTAINER_CIRCULAR_DEPENDENCY: 'A factory asked, directly or not, for the service it builds.',
  FRAMEWORK_ERR_CONTAINER_INVALID_FACTORY:
    'setFactory() was given something that is neither a function, a factory class nor a factory object.',
  FRAMEWORK_ERR_CONTAINER_INVALID_CONFIG: 'The `dependencies` section of the config is malformed.',
  FRAMEWORK_ERR_CONTAINER_INVALID_ID: 'A service id is neither a string nor a class.',
} as const;

/** A code of the container error catalogue. */
export type ContainerErrorCode = keyof typeof CONTAINER_ERROR_CODES;

/** The base class of every container error. */
export class ContainerError extends Error {
  override name = 'ContainerError';

  constructor(
    readonly code: ContainerErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** Thrown by `get(id)` when nothing is registered under `id`. */
export class ServiceNotFoundError extends ContainerError {
  override name = 'ServiceNotFoundError';

  constructor(readonly serviceId: ServiceId) {
    super(
      'FRAMEWORK_ERR_CONTAINER_NOT_FOUND',
      `Service "${describeServiceId(serviceId)}" is not registered in the container; register it with ` +
        'setService() or setFactory(), or in the "dependencies" section of the config.',
    );
  }
}

/** Thrown by `get(id)` when building `id` needs `id` itself; `chain` lists the ids in the loop. */
export class CircularDependencyError extends ContainerError {
  override name = 'CircularDependencyError';

  constructor(readonly chain: readonly ServiceId[]) {
    const names = chain.map(describeServiceId);
    super(
      'FRAMEWORK_ERR_CONTAINER_CIRCULAR_DEPENDENCY',
      `Circular dependency while creating service "${names[0]}": ${names.join(' -> ')}.`,
    );
  }
}

/** Thrown by `setFactory(id, factory)` when `factory` is not a factory. */
export class InvalidFactoryError extends ContainerError {
  override name = 'InvalidFactoryError';

  constructor(
    readonly serviceId: ServiceId,
    detail: string,
  ) {
    super(
      'FRAMEWORK_ERR_CONTAINER_INVALID_FACTORY',
      `The factory for service "${describeServiceId(serviceId)}" must be a function, a class with a ` +
        `create() method or an object with a create() method; got ${detail}.`,
    );
  }
}

/** Thrown by `get()`, `setService()` and `setFactory()` when the id is neither a string nor a class. */
export class InvalidServiceIdError extends ContainerError {
  override name = 'InvalidServiceIdError';

  constructor(
    readonly serviceId: unknown,
    shown: string,
  ) {
    super(
      'FRAMEWORK_ERR_CONTAINER_INVALID_ID',
      `A service id must be a string or a class; got ${shown}. Name the service with a string such as ` +
        '"mailer", or use its class.',
    );
  }
}

/** Thrown by `configureContainer()`; `key` is the config path at fault, e.g. `dependencies.factories.Foo`. */
export class InvalidContainerConfigError extends ContainerError {
  override name = 'InvalidContainerConfigError';

  constructor(
    readonly key: string,
    message: string,
  ) {
    super('FRAMEWORK_ERR_CONTAINER_INVALID_CONFIG', message);
  }
}
