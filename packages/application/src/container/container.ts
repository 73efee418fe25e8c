/**
 * A service id: a string such as `'config'` or `'Framework\\Application'`. Classes work as ids in code
 * too; configuration files only ever use strings.
 */
export type ServiceId = string | (abstract new (...args: never[]) => unknown);

/**
 * The read side of a container (PSR-11 shape). The application only ever reads from its container.
 *
 * Implementations are checked by `describeContainerContract` from `@framework/application/testing`.
 */
export interface Container {
  /**
   * Returns the service registered under `id`.
   *
   * - MUST throw a `ServiceNotFoundError` naming the id when `has(id)` is false.
   * - MUST call a factory at most once and return its result to every later call (services are shared),
   *   unless the factory throws; then the error propagates and the next `get(id)` calls it again.
   * - MUST throw a `CircularDependencyError` when a factory asks, directly or not, for the service it is
   *   building (instead of overflowing the stack).
   * - MUST throw an `InvalidServiceIdError` when `id` is neither a string nor a class (`assertServiceId`).
   */
  get<T = unknown>(id: ServiceId): T;
  /**
   * Whether `get(id)` can return a service: `true` for every registered service, factory, invokable and
   * alias, `false` otherwise (also for an id that is neither a string nor a class). MUST NOT create the
   * service and MUST NOT call a factory.
   */
  has(id: ServiceId): boolean;
}

/** Builds a service; called with the container and the id it was asked for. */
export type ServiceFactory<T = unknown> = (container: Container, id: ServiceId) => T;

/** An object that builds a service in its `create(container, id)` method. */
export interface ServiceFactoryObject<T = unknown> {
  /** Builds the service `id`, taking what it needs from `container`. */
  create(container: Container, id: ServiceId): T;
}

/**
 * A factory class: instantiated with `new` (no arguments) the first time the service is needed; its
 * `create(container, id)` method builds the service.
 */
export type ServiceFactoryClass<T = unknown> = new () => ServiceFactoryObject<T>;

/**
 * Anything `setFactory()` accepts: a factory function, a factory class, or a factory object.
 * `toServiceFactory()` turns each into a `ServiceFactory`.
 */
export type ServiceFactoryDefinition<T = unknown> =
  ServiceFactory<T> | ServiceFactoryClass<T> | ServiceFactoryObject<T>;

/** A container that can be populated in code (spec 2.5: `setFactory`, `setService`). */
export interface ConfigurableContainer extends Container {
  /**
   * Registers a factory under `id`, replacing any earlier service or factory with that id.
   *
   * - MUST NOT call the factory here; it runs on the first `get(id)` with `(container, id)`, where
   *   `container` is this container, and its result is shared afterwards.
   * - MUST accept every `ServiceFactoryDefinition` and MUST throw an `InvalidFactoryError` naming the id
   *   for anything else.
   * - MUST throw an `InvalidServiceIdError` when `id` is neither a string nor a class.
   * - After this call `has(id)` MUST be true.
   */
  setFactory(id: ServiceId, factory: ServiceFactoryDefinition): this;
  /**
   * Registers a ready-made value under `id` (any value, `undefined` included), replacing any earlier
   * service or factory with that id. After this call `has(id)` MUST be true and `get(id)` MUST return
   * `value` itself. MUST throw an `InvalidServiceIdError` when `id` is neither a string nor a class.
   */
  setService(id: ServiceId, value: unknown): this;
}
