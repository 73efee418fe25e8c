import type { ServiceId } from './container';

/** The text an error message uses for a service id: the string itself, or a class's name. */
export function describeServiceId(id: ServiceId): string {
  if (typeof id === 'string') return id;
  if (typeof id === 'function') return id.name === '' ? '(anonymous class)' : id.name;
  return String(id);
}
