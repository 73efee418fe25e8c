import type { ConfigurableContainer } from '../container/container';
import { SimpleContainer } from '../container/simple-container';

/**
 * The container `AppFactory.create()` uses when none is given (spec 4.9, Variant B): a new, empty
 * `SimpleContainer` on every call.
 *
 * The application never looks for another container package by name: such a lookup creates a cycle of
 * peer dependencies and returns nothing once the application is bundled. To use typedi, pass
 * `new TypediContainer()` from `@framework/container-typedi` to `AppFactory.create`.
 *
 * @example
 * const container = defaultContainer(); // a new SimpleContainer
 * container.setFactory('App\\Handler\\PingHandler', () => new PingHandler());
 */
export function defaultContainer(): ConfigurableContainer {
  return new SimpleContainer();
}
