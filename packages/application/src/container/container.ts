/** A service id: a string such as `'config'` or `'Framework\\Application'` (classes work in code too). */
export type ServiceId = string | (abstract new (...args: never[]) => unknown);

/**
 * The read side of a container (PSR-11 shape). The application only ever reads from its container.
 */
export interface Container {
  /** Returns the service. MUST throw a `ServiceNotFoundError` naming the id when `has(id)` is false. */
  get<T = unknown>(id: ServiceId): T;
  /** Whether `get(id)` would return a service. MUST NOT create the service. */
  has(id: ServiceId): boolean;
}

/** Builds a service; called with the container and the id it was asked for. */
export type ServiceFactory<T = unknown> = (container: Container, id: ServiceId) => T;

/** A container that can be populated in code (spec 2.5: `setFactory`, `setService`). */
export interface ConfigurableContainer extends Container {
  /** Registers a factory; it runs on the first `get(id)` and its result is shared afterwards. */
  setFactory(id: ServiceId, factory: ServiceFactory): this;
  /** Registers a ready-made service value. */
  setService(id: ServiceId, value: unknown): this;
}
