import { ApplicationFactory } from '@framework/application';
import { FindMyWayRouter } from '@framework/router-fmw';
import { HomePageHandler, PingHandler, PoweredByMiddleware } from './handlers';

// What Mezzio spreads over config/autoload/*.global.php, in one object (loadConfig of
// @framework/config-loader reads and merges config/autoload/*.global.ts and *.local.ts the same way).
export const config = {
  dependencies: {
    invokables: {
      'App\\Handler\\HomePageHandler': HomePageHandler,
      'App\\Handler\\PingHandler': PingHandler,
      'App\\Middleware\\PoweredBy': PoweredByMiddleware,
    },
    factories: {
      'Framework\\Application': ApplicationFactory,
      'Framework\\Router\\RouterInterface': () => new FindMyWayRouter(),
    },
  },
  middleware_pipeline: [
    { middleware: 'App\\Middleware\\PoweredBy', priority: 10 },
    { middleware: ApplicationFactory.ROUTING_MIDDLEWARE },
    { middleware: ApplicationFactory.DISPATCH_MIDDLEWARE },
  ],
  routes: [
    { path: '/', middleware: 'App\\Handler\\HomePageHandler', allowed_methods: ['GET'] },
    { path: '/ping', middleware: 'App\\Handler\\PingHandler', allowed_methods: ['GET'] },
  ],
};
