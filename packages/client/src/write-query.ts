import { ClientError } from './errors';

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
      if (!SCALARS.has(typeof item)) {
        throw new ClientError(
          'FRAMEWORK_ERR_CLIENT_INVALID_OPTION',
          `query "${name}" must be a string, number, boolean or an array of them.`,
        );
      }
      search.append(name, String(item));
    }
  }
}
