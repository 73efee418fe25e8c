import { isClass } from '../resolver/describe-middleware';
import { middlewareKind } from '../resolver/markers';

/**
 * Short names of a route's middleware, a list flattened: a service name as it is, a function or
 * class by its name (`(anonymous)` without one), an object by its class, a Variant A wrapper around
 * its function's name (`doublePass(log)`).
 */
export function middlewareNames(middleware: unknown): string[] {
  if (Array.isArray(middleware)) return middleware.flatMap(middlewareNames);
  return [middlewareName(middleware)];
}

function middlewareName(middleware: unknown): string {
  if (typeof middleware === 'string') return middleware;
  if (typeof middleware === 'function')
    return middleware.name || (isClass(middleware) ? '(class)' : '(anonymous)');
  const kind = middlewareKind(middleware);
  if (kind !== undefined) {
    const wrapper = kind === 'error' ? 'errorMiddleware' : 'doublePass';
    return `${wrapper}(${middlewareName((middleware as { callable?: unknown }).callable)})`;
  }
  if (middleware !== null && typeof middleware === 'object') {
    const name = (Object.getPrototypeOf(middleware) as { constructor?: { name?: unknown } } | null)
      ?.constructor?.name;
    return typeof name === 'string' && name !== '' && name !== 'Object' ? name : '(object)';
  }
  return String(middleware);
}
