import type { Router } from '@framework/router-contract';
import { ExplicitMethodsRouter } from '@framework/router-explicit-methods';
import { FindMyWayRouter } from '@framework/router-fmw';
import { PathToRegexpRouter } from '@framework/router-ptr';

/** The three adapters every hostile case runs against, as `[name, createRouter]` rows for `describe.each`. */
export const ADAPTERS: ReadonlyArray<readonly [string, () => Router<unknown>]> = [
  ['FindMyWayRouter', () => new FindMyWayRouter()],
  ['PathToRegexpRouter', () => new PathToRegexpRouter()],
  ['ExplicitMethodsRouter', () => new ExplicitMethodsRouter()],
];
