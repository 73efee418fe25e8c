import { invalidOption } from '../errors';

const INTERNAL = Symbol.for('@framework/openapi.internal');

/**
 * Marks an application as internal: the OpenAPI document never lists its routes, nor those of the
 * applications mounted in it, wherever it is mounted. Returns the application.
 *
 * @example
 * app.pipe('/ops', internal(opsApp));
 */
export function internal<Application extends object>(application: Application): Application {
  if (application === null || typeof application !== 'object') {
    throw invalidOption('internal()', 'application', 'must be an application.');
  }
  Object.defineProperty(application, INTERNAL, { value: true, configurable: false });
  return application;
}

/** Whether `internal()` marked the application. */
export function isInternal(application: object): boolean {
  return (application as { [INTERNAL]?: unknown })[INTERNAL] === true;
}
