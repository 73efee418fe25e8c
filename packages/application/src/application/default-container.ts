import type { Container } from '../container/container';

/**
 * The container `AppFactory.create()` uses when none is given: `@framework/container-typedi` when it is
 * installed, else none. (Filled in by the container integration; until then, none.)
 */
export function defaultContainer(): Container | undefined {
  return undefined;
}
