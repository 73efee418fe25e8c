import type { Container } from '../container/container';
import type { RoutingStage } from '../pipeline/routing-stage';
import type { SetupFinding } from './setup-finding';

/** What the setup checks look at. */
export interface SetupFacts {
  readonly container: Container | undefined;
  readonly serviceNames: ReadonlySet<string>;
  readonly stages: readonly RoutingStage[];
  readonly routeCount: number;
  /** Whether routing by default applies (`app.routesImplicitly()`): then no routing is missing. */
  readonly implicitRouting: boolean;
}

/**
 * What is wrong or doubtful in how the application is assembled: routes without any
 * routing middleware where routing by default does not apply (an error), middleware service names the container does not have (an error: the
 * requests that reach them fail; only `has()` is asked, services are still built lazily), and routing
 * without dispatch or dispatch before routing (warnings: a pipeline of one's own may mean it).
 */
export function findSetupProblems(facts: SetupFacts): SetupFinding[] {
  return [
    ...(facts.routeCount > 0 && !facts.implicitRouting
      ? routingFindings(facts.stages, facts.routeCount)
      : []),
    ...missingServices(facts.container, facts.serviceNames),
  ];
}

function missingServices(container: Container | undefined, names: ReadonlySet<string>): SetupFinding[] {
  if (container === undefined) return [];
  return [...names]
    .filter((name) => !container.has(name))
    .map((name): SetupFinding => ({
      code: 'FRAMEWORK_ERR_MIDDLEWARE_SERVICE_NOT_FOUND',
      severity: 'error',
      message:
        `Middleware service ${JSON.stringify(name)} is not in the container: the requests that reach it ` +
        'answer 500. Register it with setFactory()/setService() (or the dependencies config), or fix the name.',
    }));
}

function routingFindings(stages: readonly RoutingStage[], routeCount: number): SetupFinding[] {
  const routing = stages.indexOf('routing');
  const dispatch = stages.indexOf('dispatch');
  const routes = `The application has ${routeCount} route${routeCount === 1 ? '' : 's'}`;
  if (routing === -1) {
    return [
      notPiped(
        'error',
        `${routes} but no routing middleware, so every request would answer 404. Call ` +
          'app.pipeRoutingMiddleware() and then app.pipeDispatchMiddleware() (in config: ROUTING_MIDDLEWARE ' +
          'then DISPATCH_MIDDLEWARE in middleware_pipeline).',
      ),
    ];
  }
  if (dispatch !== -1 && dispatch < routing) {
    return [
      notPiped(
        'warning',
        `${routes}, but the dispatch middleware is piped before the routing middleware, so it dispatches ` +
          'no route unless another routing middleware runs before it. Call app.pipeRoutingMiddleware() ' +
          'before app.pipeDispatchMiddleware() if that is not intended.',
      ),
    ];
  }
  if (dispatch === -1) {
    return [
      notPiped(
        'warning',
        `${routes} and a routing middleware but no dispatch middleware, so routes are matched but only ` +
          'run if middleware of your own dispatches them. Call app.pipeDispatchMiddleware() after ' +
          'app.pipeRoutingMiddleware() if that is not intended.',
      ),
    ];
  }
  return [];
}

function notPiped(severity: SetupFinding['severity'], message: string): SetupFinding {
  return { code: 'FRAMEWORK_ERR_APP_ROUTING_NOT_PIPED', severity, message };
}
