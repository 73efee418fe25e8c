import { ApplicationFactory, type ContainerConfig } from '@framework/application';
import { FindMyWayRouter } from '@framework/router-fmw';
import { boom, homePage, ping } from './actions';
import { errorPage, poweredBy } from './middleware';

const { ROUTING_MIDDLEWARE, DISPATCH_MIDDLEWARE } = ApplicationFactory;

/**
 * The merged configuration (what `config/autoload/*.global.*` would hold): services, the pipeline with
 * the error middleware after routing (`error: true`, priority below 1) and the routes. Every middleware
 * is a service name, so each is fetched from the container only when it is invoked (spec 4.7).
 */
export const config: ContainerConfig = {
  dependencies: {
    factories: {
      'Framework\\Application': ApplicationFactory,
      'Framework\\Router\\RouterInterface': () => new FindMyWayRouter(),
      'Application\\Action\\HomePageAction': () => homePage,
      'Application\\Action\\PingAction': () => ping,
      'Application\\Action\\BoomAction': () => boom,
      'Application\\Middleware\\PoweredBy': () => poweredBy,
      'Application\\Middleware\\ErrorPage': () => errorPage,
    },
  },
  middleware_pipeline: {
    always: { middleware: ['Application\\Middleware\\PoweredBy'], priority: 10000 },
    routing: { middleware: [ROUTING_MIDDLEWARE, DISPATCH_MIDDLEWARE], priority: 1 },
    error: { middleware: ['Application\\Middleware\\ErrorPage'], error: true, priority: -10000 },
  },
  routes: [
    { name: 'home', path: '/', middleware: 'Application\\Action\\HomePageAction', allowed_methods: ['GET'] },
    {
      name: 'api.ping',
      path: '/ping',
      middleware: 'Application\\Action\\PingAction',
      allowed_methods: ['GET'],
    },
    { name: 'boom', path: '/boom', middleware: 'Application\\Action\\BoomAction', allowed_methods: ['GET'] },
  ],
};
