import { likelyKey } from '../config/likely-key';
import { middlewareKind } from './markers';

const METHODS = ['process', 'handle'];

/**
 * True for the values the resolver turns into middleware by their shape: functions and classes,
 * arrays, objects with `process()` or `handle()`, and Variant A markers. Strings (service names and
 * the routing constants) are not shapes: they depend on the container and the application.
 */
export function isMiddlewareForm(value: unknown): boolean {
  if (typeof value === 'function' || Array.isArray(value)) return true;
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { process?: unknown; handle?: unknown };
  return (
    typeof candidate.process === 'function' ||
    typeof candidate.handle === 'function' ||
    middlewareKind(value) !== undefined
  );
}

/** `proccess() looks like a misspelling of process()` for an object with such a method, else `undefined`. */
export function misspelledMethod(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  for (let level: object | null = value; level !== null && level !== Object.prototype;) {
    for (const key of Object.getOwnPropertyNames(level)) {
      const meant = key === 'constructor' ? undefined : likelyKey(key, METHODS);
      if (meant !== undefined) return `${key}() looks like a misspelling of ${meant}()`;
    }
    level = Object.getPrototypeOf(level) as object | null;
  }
  return undefined;
}
