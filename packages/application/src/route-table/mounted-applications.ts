import { normalizePrefix } from '../pipeline/path-middleware';
import type { Route } from '@framework/router-contract';

/** What a route table reads of an application: its routes, and the applications mounted in it. */
export interface RouteTableSource {
  /** The routes registered on the application itself, in registration order. */
  getRoutes(): readonly Route<unknown>[];
  /** The applications piped under a path, with that path. */
  getMounts(): readonly { readonly path: string; readonly application: RouteTableSource }[];
}

/** An application reached from the one a walk started at, with where it is mounted. */
export interface MountedApplication<Source extends RouteTableSource = RouteTableSource> {
  readonly application: Source;
  /** Its mount path, the prefixes of the applications around it joined (`''` for the first). */
  readonly mount: string;
  /** The applications around it, outermost first, each with its own mount path (empty for the first). */
  readonly outer: readonly { readonly application: Source; readonly mount: string }[];
}

/**
 * An application and the applications mounted in it, at any depth, each before those mounted in it.
 * An application mounted twice is listed under both prefixes; one mounted inside itself (a cycle) is
 * listed once on that branch. `skip` leaves an application out, with everything mounted in it.
 *
 * @example
 * for (const { application, mount } of mountedApplications(app)) console.log(mount, application.getRoutes().length);
 */
export function mountedApplications<Source extends RouteTableSource>(
  app: Source,
  skip: (application: Source) => boolean = () => false,
): MountedApplication<Source>[] {
  return walk(app, '', [], skip);
}

function walk<Source extends RouteTableSource>(
  application: Source,
  mount: string,
  outer: MountedApplication<Source>['outer'],
  skip: (application: Source) => boolean,
): MountedApplication<Source>[] {
  if (skip(application)) return [];
  const within = [...outer, { application, mount }];
  const mounted = (application.getMounts() as readonly { path: string; application: Source }[])
    .filter((entry) => !within.some((around) => around.application === entry.application))
    .flatMap((entry) => walk(entry.application, mount + normalizePrefix(entry.path), within, skip));
  return [{ application, mount, outer }, ...mounted];
}
