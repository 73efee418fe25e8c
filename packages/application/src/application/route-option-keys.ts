import type { Route } from '@framework/router-contract';
import { likelyKey } from '../config/likely-key';
import { ApplicationError } from '../errors/application-error';

/** The route options of the router contract; other keys go to the router adapter as they are. */
export const ROUTE_OPTION_KEYS: readonly string[] = ['tokens', 'allowUnsafeRegex'];

/**
 * The first key of route options a few letters from a contract option (`token`), with the option it
 * likely misspells. Keys far from every contract option are an adapter's own (declared by declaration
 * merging) and pass.
 */
export function misspeltRouteOption(
  options: object,
): { readonly key: string; readonly likely: string } | undefined {
  for (const key of Object.keys(options)) {
    const likely = likelyKey(key, ROUTE_OPTION_KEYS);
    if (likely !== undefined) return { key, likely };
  }
  return undefined;
}

/** Refuses route options holding a likely typo of a contract option (`FRAMEWORK_ERR_APP_UNKNOWN_OPTION`). */
export function checkRouteOptionKeys(route: Route<unknown>, options: unknown): void {
  if (options === null || typeof options !== 'object') return;
  const misspelt = misspeltRouteOption(options);
  if (misspelt === undefined) return;
  throw new ApplicationError(
    'FRAMEWORK_ERR_APP_UNKNOWN_OPTION',
    `Unknown option ${JSON.stringify(misspelt.key)} of route ${JSON.stringify(route.getName())}: ` +
      `did you mean ${JSON.stringify(misspelt.likely)}?`,
  );
}
