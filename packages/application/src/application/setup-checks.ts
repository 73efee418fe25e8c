import type { Container } from '../container/container';
import { ApplicationError } from '../errors/application-error';
import type { RoutingStage } from '../pipeline/routing-stage';

/** What the startup checks look at. */
export interface SetupFacts {
  readonly container: Container | undefined;
  readonly serviceNames: ReadonlySet<string>;
  readonly stages: readonly RoutingStage[];
  readonly routeCount: number;
}

/**
 * Throws when the application cannot serve as built: middleware service names the container does
 * not have (lazy loading still builds them on first use; only `has()` is asked), or routes without a
 * routing middleware followed by a dispatch middleware.
 */
export function checkSetup(facts: SetupFacts): void {
  checkServices(facts.container, facts.serviceNames);
  if (facts.routeCount > 0) checkRouting(facts.stages, facts.routeCount);
}

function checkServices(container: Container | undefined, names: ReadonlySet<string>): void {
  if (container === undefined) return;
  const missing = [...names].filter((name) => !container.has(name));
  if (missing.length === 0) return;
  const list = missing.map((name) => JSON.stringify(name)).join(', ');
  const one = missing.length === 1;
  throw new ApplicationError(
    'FRAMEWORK_ERR_MIDDLEWARE_SERVICE_NOT_FOUND',
    `Middleware service${one ? '' : 's'} ${list} ${one ? 'is' : 'are'} not in the container. Register ` +
      `${one ? 'it' : 'them'} with setFactory()/setService() (or the dependencies config), fix the ` +
      `${one ? 'name' : 'names'}, or pass the option startupChecks: false to look services up only when ` +
      'they are invoked.',
  );
}

function checkRouting(stages: readonly RoutingStage[], routeCount: number): void {
  const routing = stages.indexOf('routing');
  const dispatch = stages.indexOf('dispatch');
  const routes = `The application has ${routeCount} route${routeCount === 1 ? '' : 's'}`;
  if (routing === -1) {
    throw noRouting(
      `${routes} but no routing middleware, so every request would answer 404. Call ` +
        'app.pipeRoutingMiddleware() and then app.pipeDispatchMiddleware() (in config: ROUTING_MIDDLEWARE ' +
        'then DISPATCH_MIDDLEWARE in middleware_pipeline).',
    );
  }
  if (dispatch !== -1 && dispatch < routing) {
    throw noRouting(
      `${routes}, but the dispatch middleware is piped before the routing middleware, so no route is ever ` +
        'dispatched. Call app.pipeRoutingMiddleware() before app.pipeDispatchMiddleware().',
    );
  }
  if (dispatch === -1) {
    throw noRouting(
      `${routes} and a routing middleware but no dispatch middleware, so no route is ever dispatched. ` +
        'Call app.pipeDispatchMiddleware() after app.pipeRoutingMiddleware().',
    );
  }
}

function noRouting(message: string): ApplicationError {
  return new ApplicationError('FRAMEWORK_ERR_APP_ROUTING_NOT_PIPED', message);
}
