import type { ServiceFactoryDefinition } from './container';

/**
 * The `dependencies` section of the config (spec 2.5). Every section maps a service id to:
 *
 * - `invokables`: a class, instantiated with `new` (no arguments) on first use;
 * - `factories`: a factory function `(container, id)`, a factory class (instantiated with `new`, then
 *   `create(container, id)` is called) or a factory object with `create(container, id)`;
 * - `services`: a ready-made value;
 * - `aliases`: another service id; `get(alias)` returns `get(target)`.
 *
 * All are shared: built at most once. When one id appears in several sections, the later section in
 * this order wins: invokables, factories, aliases, services.
 */
export interface DependenciesConfig {
  invokables?: Record<string, new () => unknown>;
  factories?: Record<string, ServiceFactoryDefinition>;
  services?: Record<string, unknown>;
  aliases?: Record<string, string>;
}

/** The section names `configureContainer()` accepts under `dependencies`, in the order it applies them. */
export const DEPENDENCIES_SECTIONS = ['invokables', 'factories', 'aliases', 'services'] as const;

/** A config as `configureContainer()` reads it: the `dependencies` section, and anything else. */
export interface ContainerConfig {
  dependencies?: DependenciesConfig;
  [key: string]: unknown;
}
