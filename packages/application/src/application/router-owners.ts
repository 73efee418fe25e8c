import type { Router } from '@framework/router-contract';
import { ApplicationError } from '../errors/application-error';

const owners = new WeakMap<Router, object>();

/**
 * Claims `router` for `application` when it registers its first route. A router holding two
 * applications' routes would answer each one's routes in the other (a parent and a mounted
 * application leak routes both ways), so the second application is refused.
 */
export function claimRouter(router: Router, application: object): void {
  const owner = owners.get(router);
  if (owner === undefined) owners.set(router, application);
  else if (owner !== application) throw sharedRouter();
}

/** Refuses to mount an application that uses the same router as the one it is mounted in. */
export function assertOwnRouter(router: Router, mounted: { getRouter(): Router }): void {
  if (mounted.getRouter() === router) throw sharedRouter();
}

function sharedRouter(): ApplicationError {
  return new ApplicationError(
    'FRAMEWORK_ERR_APP_ROUTER_SHARED',
    'This router already belongs to another Application, whose routes it would answer. Give each application its own router.',
  );
}
