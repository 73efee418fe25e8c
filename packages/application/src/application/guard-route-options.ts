import type { Route, RouteOptions } from '@framework/router-contract';
import type { RouteMiddlewareCache } from '../middleware/route-middleware-cache';
import { checkRouteOptionKeys } from './route-option-keys';

/**
 * Routes are registered before their options are set (`app.get(...).setOptions(...)`), so a
 * `setOptions()` that throws (a bad token) would leave a registered route without its constraint.
 * This takes the route out of service while its last `setOptions()` call failed; a likely typo of a
 * contract option (`token`) fails it too.
 */
export function guardRouteOptions(route: Route<unknown>, cache: RouteMiddlewareCache): void {
  const setOptions = route.setOptions;
  Object.defineProperty(route, 'setOptions', {
    configurable: true,
    writable: true,
    value: function guardedSetOptions(this: Route<unknown>, options: RouteOptions) {
      try {
        checkRouteOptionKeys(route, options);
        setOptions.call(route, options);
      } catch (error) {
        cache.refuse(route, error);
        throw error;
      }
      cache.restore(route);
      return this;
    },
  });
}
