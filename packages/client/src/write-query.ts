import { ClientError } from './errors';
import { LONE_SURROGATE } from './fill-path';

const SCALARS = new Set(['string', 'number', 'boolean']);

/** Appends each query value to `search`; an array repeats the name, `undefined` leaves it out. */
export function writeQuery(
  search: URLSearchParams,
  query: Readonly<Record<string, unknown>> | undefined,
): void {
  if (query === undefined) return;
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (!SCALARS.has(typeof item) || (typeof item === 'number' && !Number.isFinite(item))) {
        throw new ClientError(
          'FRAMEWORK_ERR_CLIENT_INVALID_OPTION',
          `query "${name}" must be a string, finite number, boolean or an array of them.`,
        );
      }
      if (LONE_SURROGATE.test(name) || LONE_SURROGATE.test(String(item))) {
        throw new ClientError(
          'FRAMEWORK_ERR_CLIENT_INVALID_OPTION',
          `query "${name}" is not well-formed Unicode (a lone surrogate), which would be sent as U+FFFD.`,
        );
      }
      search.append(name, String(item));
    }
  }
}
