import { type Application, AppFactory, APPLICATION_SERVICE, type Container } from '@framework/application';
import { TypediContainer } from '@framework/container-typedi';
import { FindMyWayRouter } from '@framework/router-fmw';
import { HOME_PAGE_HANDLER, HomePageHandler, PING_HANDLER, PingHandler } from './handlers';

/** Creates, configures and returns the application: the factory of the application service. */
function createApplication(container: Container): Application {
  const app = AppFactory.create(container, new FindMyWayRouter());
  app.pipeRoutingMiddleware();
  app.pipeDispatchMiddleware();
  app.get('/', HOME_PAGE_HANDLER);
  app.get('/ping', PING_HANDLER);
  return app;
}

/**
 * Application as a service (spec 4.9): the container holds a factory under `'Framework\\Application'`
 * that builds the application; the entry point fetches it and calls `run()`.
 *
 * @example
 * await createApplicationContainer().get<Application>(APPLICATION_SERVICE).run();
 */
export function createApplicationContainer(): TypediContainer {
  return new TypediContainer()
    .setFactory(HOME_PAGE_HANDLER, () => new HomePageHandler())
    .setFactory(PING_HANDLER, () => new PingHandler())
    .setFactory(APPLICATION_SERVICE, createApplication);
}
