import { routeError } from './errors';
import { constrainedParts } from './inline-constraints';
import type { Route } from './route';
import type { RouterCapabilities } from './router';

/**
 * Refuses a route whose template holds an inline constraint (`{id:\d+}`) when the router does not
 * declare `capabilities.inlineConstraints`: an adapter written before the syntax existed might read
 * the path itself and misroute, so it is told instead. Throws `FRAMEWORK_ERR_ROUTER_UNSUPPORTED_SYNTAX`
 * naming the router and the placeholder. The application calls it before `addRoute`; an adapter may
 * call it too.
 *
 * @example
 * assertRouterSupports(router, route); // throws for '/notes/{id:\d+}' on a router without the flag
 * router.addRoute(route);
 */
export function assertRouterSupports(
  router: { readonly capabilities?: RouterCapabilities },
  route: Route<unknown, string>,
): void {
  if (router.capabilities?.inlineConstraints === true) return;
  const [first] = constrainedParts(route.template);
  if (first === undefined) return;
  const adapter = (router as { constructor?: { name?: string } }).constructor?.name || 'the router';
  throw routeError(
    route.getPath(),
    `placeholder {${first.name}} has an inline constraint, which ${adapter} does not declare support ` +
      `for (capabilities.inlineConstraints); write it as a token: setOptions({ tokens: { ${first.name}: ` +
      `${JSON.stringify(first.constraint)} } }).`,
    'FRAMEWORK_ERR_ROUTER_UNSUPPORTED_SYNTAX',
  );
}
