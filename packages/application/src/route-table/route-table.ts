import { middlewareNames } from './middleware-names';
import { mountedApplications, type RouteTableSource } from './mounted-applications';

export type { RouteTableSource } from './mounted-applications';

/** One route of a route table. */
export interface RouteTableRow {
  /** The methods the route answers, comma-separated (`GET, POST`); `ANY` for any method, `NONE` for `[]`. */
  readonly method: string;
  /** The path template, prefixed with the mount path of the application it belongs to. */
  readonly path: string;
  /** The route's name in its own application (what its `generateUri()` takes). */
  readonly name: string;
  /** Short names of the route's middleware, lists flattened, in the order they run. */
  readonly middleware: readonly string[];
  /** The mount path of the application holding the route; `''` for the application itself (or one mounted without a path). */
  readonly mount: string;
}

/**
 * The routes of an application and of the applications mounted in it, at any depth, for debugging:
 * method, path with the mount prefix, name and middleware names, in registration order, each
 * application's routes before those of the applications mounted in it. An application mounted twice
 * is listed under both prefixes; one mounted inside itself (a cycle) is listed once on that branch.
 *
 * @example
 * import { routeTable } from '@framework/application/route-table';
 * routeTable(app); // [{ method: 'GET', path: '/admin/stats', name: '/stats^GET', middleware: ['auth', 'stats'], mount: '/admin' }, …]
 */
export function routeTable(app: RouteTableSource): RouteTableRow[] {
  return mountedApplications(app).flatMap(({ application, mount }) =>
    application.getRoutes().map((route) => ({
      method: methodsOf(route.getAllowedMethods()),
      path: mount + route.getPath(),
      name: route.getName(),
      middleware: middlewareNames(route.getMiddleware()),
      mount,
    })),
  );
}

function methodsOf(methods: readonly string[] | null): string {
  if (methods === null) return 'ANY';
  return methods.length === 0 ? 'NONE' : methods.join(', ');
}
