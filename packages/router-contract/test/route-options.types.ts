// Compile-time checks of RouteOptions: the typecheck task fails when a line marked @ts-expect-error
// compiles, or another line does not. Jest does not collect this file; there is nothing to run.
import { Route } from '../src';

// An adapter adds an option of its own by declaration merging.
declare module '../src/route' {
  interface RouteOptions {
    readonly cacheTag?: string;
  }
}

const route = new Route('/i/{id}', 'handler');

export const known = route.setOptions({ tokens: { id: '\\d+' }, allowUnsafeRegex: false });
export const merged = route.setOptions({ cacheTag: 'items' });
// @ts-expect-error `token` is not an option: `tokens` is
export const misspelt = route.setOptions({ token: { id: '\\d+' } });
// @ts-expect-error an unknown key next to a known one is refused too
export const extra = route.setOptions({ tokens: { id: '\\d+' }, tokns: {} });
