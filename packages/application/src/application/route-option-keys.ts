import type { Route } from '@framework/router-contract';
import { checkOptionKeys, unknownKey } from './option-keys';

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
  return unknownKey(options, ROUTE_OPTION_KEYS, true) as { key: string; likely: string } | undefined;
}

/** Refuses route options holding a likely typo of a contract option (`FRAMEWORK_ERR_APP_UNKNOWN_OPTION`). */
export function checkRouteOptionKeys(route: Route<unknown>, options: unknown): void {
  checkOptionKeys(`route ${JSON.stringify(route.getName())}`, options, ROUTE_OPTION_KEYS, true);
}
