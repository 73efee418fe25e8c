import { AppFactory } from '../application/app-factory';
import { Application } from '../application/application';
import { APPLICATION_OPTION_KEYS, type ApplicationOptions } from '../application/application-options';
import { DISPATCH_MIDDLEWARE, ROUTING_MIDDLEWARE } from '../application/built-ins';
import { checkOptionKeys } from '../application/option-keys';
import type { Container, ServiceFactoryObject, ServiceId } from '../container/container';
import { checkBuiltInOrder } from './check-built-in-order';
import type { PipelineEntry } from './config-entry-types';
import { defaultPipeline } from './default-pipeline';
import { orderByPriority } from './order-by-priority';
import { parsePipelineConfig } from './parse-pipeline-config';
import { parseRoutesConfig } from './parse-routes-config';
import { readApplicationConfig } from './read-application-config';
import { pipeEntries, registerRoutes } from './wire-application';

/** Options of `new ApplicationFactory(options)`, passed on to every application it builds. */
export type ApplicationFactoryOptions = Omit<ApplicationOptions, 'container'>;

/**
 * The container factory of the application service (spec 2.5, 4.9 "configuration-driven"): builds the
 * `Application` with the container's router (`'Framework\\Router\\RouterInterface'`) and the container
 * itself, then reads the `config` service:
 *
 * - `debug: true` turns development mode on;
 * - `middleware_pipeline` (a list, or an object whose keys are ignored): entries piped in priority
 *   order (higher first, ties in config order, default 1), each `{ middleware, path?, priority?, error? }`
 *   or one of the constants `ApplicationFactory.ROUTING_MIDDLEWARE` / `DISPATCH_MIDDLEWARE`; when the
 *   key is absent and routes are configured, routing then dispatch are piped; when it is present, it is
 *   the whole pipeline (no routing by default, see the option `implicitRouting`);
 * - `routes`: entries `{ path, middleware, allowed_methods?, name?, options? }` registered in order.
 *
 * The whole config is validated before the application is built; an invalid entry throws an
 * `ApplicationError` naming the entry and the key (never skipped). Service names are not looked up
 * here: the container only has to hold a service when it is invoked (spec 4.7), so services may be
 * registered after the application is fetched; `app.check()` and `run()` report the ones still missing.
 *
 * @example
 * container.setService('config', {
 *   middleware_pipeline: [
 *     { middleware: 'App\\Middleware\\Cors', priority: 10 },
 *     { middleware: [ApplicationFactory.ROUTING_MIDDLEWARE, ApplicationFactory.DISPATCH_MIDDLEWARE] },
 *   ],
 *   routes: [{ path: '/ping', middleware: 'App\\Handler\\PingHandler', allowed_methods: ['GET'] }],
 * });
 * container.setService('Framework\\Router\\RouterInterface', new FindMyWayRouter());
 * container.setFactory('Framework\\Application', ApplicationFactory);
 * const app = container.get<Application>('Framework\\Application');
 */
export class ApplicationFactory implements ServiceFactoryObject<Application> {
  /** Stands for the routing middleware in `middleware_pipeline` (same value as `Application.ROUTING_MIDDLEWARE`). */
  static readonly ROUTING_MIDDLEWARE = ROUTING_MIDDLEWARE;
  /** Stands for the dispatch middleware in `middleware_pipeline` (same value as `Application.DISPATCH_MIDDLEWARE`). */
  static readonly DISPATCH_MIDDLEWARE = DISPATCH_MIDDLEWARE;

  constructor(private readonly options: ApplicationFactoryOptions = {}) {
    checkOptionKeys(
      'new ApplicationFactory()',
      options,
      APPLICATION_OPTION_KEYS.filter((key) => key !== 'container'),
    );
  }

  /** Builds the application from the `config` service and the router service of `container`; invalid configuration throws a `FRAMEWORK_ERR_CONFIG_*` error naming the entry. */
  create(container: Container, _id?: ServiceId): Application {
    const config = readApplicationConfig(container);
    const routes = parseRoutesConfig(config.routes);
    const pipeline: PipelineEntry[] =
      config.middlewarePipeline === undefined
        ? defaultPipeline(routes.length > 0)
        : orderByPriority(parsePipelineConfig(config.middlewarePipeline));
    checkBuiltInOrder(pipeline);

    const development = config.debug === true ? true : this.options.development;
    // A declared pipeline is the whole pipeline: routing runs only where it is piped.
    const implicitRouting = config.middlewarePipeline === undefined && this.options.implicitRouting !== false;
    const app = AppFactory.create(container, undefined, { ...this.options, development, implicitRouting });
    pipeEntries(app, pipeline);
    registerRoutes(app, routes);
    return app;
  }
}
