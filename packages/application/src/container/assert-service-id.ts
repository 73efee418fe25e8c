import type { ServiceId } from './container';
import { describeValue } from './describe-value';
import { InvalidServiceIdError } from './errors';

/** Whether `id` can name a service: a string or a class (any function). */
export function isServiceId(id: unknown): id is ServiceId {
  return typeof id === 'string' || typeof id === 'function';
}

/**
 * Throws an `InvalidServiceIdError` unless `id` is a string or a class. Containers call it in `get()`,
 * `setService()` and `setFactory()`, so that every container refuses the same ids (a `Map` and typedi
 * disagree on `NaN`, for instance).
 */
export function assertServiceId(id: unknown): asserts id is ServiceId {
  if (isServiceId(id)) return;
  const shown =
    typeof id === 'number' || typeof id === 'boolean' || typeof id === 'bigint' || typeof id === 'symbol'
      ? `${typeof id} ${String(id)}`
      : describeValue(id);
  throw new InvalidServiceIdError(id, shown);
}
