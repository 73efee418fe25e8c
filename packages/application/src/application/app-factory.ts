import type { Router } from '@framework/router-contract';
import type { Container } from '../container/container';
import { ApplicationError } from '../errors/application-error';
import { ROUTER_SERVICE } from '../container/service-ids';
import { Application } from './application';
import type { ApplicationOptions } from './application-options';
import { variantA } from '../variant-a/variant-a-layer';
import { defaultContainer } from './default-container';

const ADAPTERS =
  '@framework/router-fmw (FindMyWayRouter), @framework/router-ptr (PathToRegexpRouter) or ' +
  '@framework/router-explicit-methods (ExplicitMethodsRouter)';

/**
 * Builds an application programmatically (spec 4.9). The container is the one given, else a new
 * `SimpleContainer` (see {@link defaultContainer}); the router is the one given, else the container's
 * `'Framework\\Router\\RouterInterface'` service. Both variants of middleware are accepted
 * (`variant: variantA` unless the options say otherwise); `new Application(router)` is the lean
 * alternative, without a default container or Variant A.
 *
 * @example
 * const app = AppFactory.create(container, new FindMyWayRouter());
 * app.pipeRoutingMiddleware();
 * app.pipeDispatchMiddleware();
 */
export class AppFactory {
  /**
   * Builds an application with this container (default: a new `SimpleContainer`) and router (default:
   * the container's router service); `RouteName` types the names `generateUri` accepts.
   */
  static create<RouteName extends string = string>(
    container?: Container,
    router?: Router,
    options: Omit<ApplicationOptions, 'container'> = {},
  ): Application<RouteName> {
    const resolvedContainer = container ?? defaultContainer();
    const resolvedRouter = router ?? routerFrom(resolvedContainer);
    return new Application<RouteName>(resolvedRouter, {
      variant: variantA,
      ...options,
      container: resolvedContainer,
    });
  }
}

function routerFrom(container: Container): Router {
  if (container.has(ROUTER_SERVICE)) return container.get<Router>(ROUTER_SERVICE);
  throw new ApplicationError(
    'FRAMEWORK_ERR_APP_NO_ROUTER',
    `No router: pass one to AppFactory.create(container, router) or register it in the container as ` +
      `${JSON.stringify(ROUTER_SERVICE)}. Install a router adapter: npm install ${ADAPTERS}.`,
  );
}
