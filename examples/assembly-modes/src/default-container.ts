import { type Application, AppFactory, SimpleContainer } from '@framework/application';
import { FindMyWayRouter } from '@framework/router-fmw';
import { HOME_PAGE_HANDLER, HomePageHandler, PING_HANDLER, PingHandler } from './handlers';

/**
 * Default container (spec 4.9): `AppFactory.create()` without a container gives the application a new
 * `SimpleContainer`, which `getContainer()` returns. To use typedi instead, pass `new TypediContainer()`
 * (see `container-passed.ts`).
 *
 * @example
 * await createDefaultContainerApp().run();
 */
export function createDefaultContainerApp(): Application {
  const app = AppFactory.create(undefined, new FindMyWayRouter());
  const container = app.getContainer();
  if (!(container instanceof SimpleContainer)) {
    throw new Error('AppFactory.create() without a container should have given a SimpleContainer.');
  }
  container.setFactory(HOME_PAGE_HANDLER, () => new HomePageHandler());
  container.setFactory(PING_HANDLER, () => new PingHandler());

  app.pipeRoutingMiddleware();
  app.pipeDispatchMiddleware();
  app.get('/', HOME_PAGE_HANDLER);
  app.get('/ping', PING_HANDLER);
  return app;
}
