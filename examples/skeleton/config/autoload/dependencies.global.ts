import { APPLICATION_SERVICE, ApplicationFactory } from '@framework/application';
import { ApiFactory } from '#App/Api/ApiFactory';
import { HomePageHandler } from '#App/Handler/HomePageHandler';
import { PingHandler } from '#App/Handler/PingHandler';

/** Services of the container: handlers are built on first use, the application by its factory. */
export const config = {
  dependencies: {
    invokables: {
      'App\\Handler\\HomePageHandler': HomePageHandler,
      'App\\Handler\\PingHandler': PingHandler,
    },
    factories: {
      [APPLICATION_SERVICE]: ApplicationFactory,
      'App\\Api\\Application': ApiFactory,
    },
  },
};
