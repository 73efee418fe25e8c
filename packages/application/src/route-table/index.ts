/**
 * `@framework/application/route-table`: the routes of an application and of the applications mounted
 * in it, as rows and as aligned text, for debugging. A subpath of its own, so an application that
 * never prints its routes does not carry the code.
 */
export { routeTable, type RouteTableRow, type RouteTableSource } from './route-table';
export { formatRouteTable } from './format-route-table';
export { mountedApplications, type MountedApplication } from './mounted-applications';
