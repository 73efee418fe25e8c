import { type Application, AppFactory } from '@framework/application';
import { TypediContainer } from '@framework/container-typedi';
import { FindMyWayRouter } from '@framework/router-fmw';
import { HOME_PAGE_HANDLER, HomePageHandler, PING_HANDLER, PingHandler } from './handlers';

/**
 * Default container (spec 4.9): `AppFactory.create()` picks the container itself — a new
 * `TypediContainer`, because `@framework/container-typedi` is installed — and `getContainer()` returns
 * it. Prefer passing your own container: the default may change.
 *
 * @example
 * await createDefaultContainerApp().run();
 */
export function createDefaultContainerApp(): Application {
  const app = AppFactory.create(undefined, new FindMyWayRouter());
  const container = app.getContainer();
  if (!(container instanceof TypediContainer)) {
    throw new Error('Install @framework/container-typedi: AppFactory.create() found no default container.');
  }
  container.setFactory(HOME_PAGE_HANDLER, () => new HomePageHandler());
  container.setFactory(PING_HANDLER, () => new PingHandler());

  app.pipeRoutingMiddleware();
  app.pipeDispatchMiddleware();
  app.get('/', HOME_PAGE_HANDLER);
  app.get('/ping', PING_HANDLER);
  return app;
}
