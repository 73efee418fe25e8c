import type { ConfigurableContainer } from '../container/container';

/** The optional peer dependency that provides the default container. */
const TYPEDI_PACKAGE = '@framework/container-typedi';

/**
 * The container `AppFactory.create()` uses when none is given (spec 4.9, Variant B): a new
 * `TypediContainer` when `@framework/container-typedi` is installed, else `undefined`. Each call returns
 * a fresh, empty container.
 *
 * Only "the package itself cannot be found" counts as not installed; any other error while loading it
 * (a broken build, a missing `typedi` peer) propagates, so a half-installed setup is not hidden.
 *
 * @example
 * const container = defaultContainer(); // TypediContainer | undefined
 * container?.setFactory('App\\Handler\\PingHandler', () => new PingHandler());
 */
export function defaultContainer(): ConfigurableContainer | undefined {
  const TypediContainer = loadTypediContainer();
  return TypediContainer === undefined ? undefined : new TypediContainer();
}

function loadTypediContainer(): (new () => ConfigurableContainer) | undefined {
  let exported: { TypediContainer: new () => ConfigurableContainer };
  try {
    // Resolved at run time: the package is an optional peer dependency and may be absent.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    exported = require(TYPEDI_PACKAGE) as typeof exported;
  } catch (error) {
    if (isPackageNotFound(error)) return undefined;
    throw error;
  }
  return exported.TypediContainer;
}

/** True only when the package itself is missing, not a module it requires. */
function isPackageNotFound(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (
    code === 'MODULE_NOT_FOUND' &&
    typeof message === 'string' &&
    message.startsWith(`Cannot find module '${TYPEDI_PACKAGE}'`)
  );
}
