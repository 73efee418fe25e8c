import { type Application, AppFactory } from '@framework/application';
import { TypediContainer } from '@framework/container-typedi';
import { FindMyWayRouter } from '@framework/router-fmw';
import { HOME_PAGE_HANDLER, HomePageHandler, PING_HANDLER, PingHandler } from './handlers';

/**
 * Container-passed (spec 4.9, the recommended mode): you build the container, register the handlers as
 * factories and hand it to `AppFactory.create(container, router)`; routes name the handlers by service.
 *
 * @example
 * await createContainerPassedApp().run();
 */
export function createContainerPassedApp(): Application {
  const container = new TypediContainer()
    .setFactory(HOME_PAGE_HANDLER, () => new HomePageHandler())
    .setFactory(PING_HANDLER, () => new PingHandler());

  const app = AppFactory.create(container, new FindMyWayRouter());
  app.pipeRoutingMiddleware();
  app.pipeDispatchMiddleware();
  app.get('/', HOME_PAGE_HANDLER);
  app.get('/ping', PING_HANDLER);
  return app;
}
