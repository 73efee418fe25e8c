import { assertRouterSupports, type PathParams, Route, type Router } from '@framework/router-contract';
import type { Container } from '../container/container';
import {
  type ExecutionContext,
  type Platform,
  type PlatformFacts,
  isServedByBun,
  isServedByDeno,
  platformOfFacts,
  platformOfFetch,
} from '../fetch/platform';
import { rawHostError } from '../fetch/raw-host';
import { WebRequestSource } from '../http/request-source';
import { ServerRequest } from '../http/server-request';
import type { ProxyTrust, TrustProxy } from '../http/trust-proxy';
import { ErrorHandlerMiddleware } from '../middleware/error-handler-middleware';
import { NotFoundHandler } from '../middleware/not-found-handler';
import { RouteMiddlewareCache } from '../middleware/route-middleware-cache';
import { trust } from '../pipeline/ensure-response';
import { MiddlewarePipe } from '../pipeline/middleware-pipe';
import type { Middleware, RequestHandler, ServerMiddleware } from '../pipeline/types';
import { type AnyResponse, isPromiseLike, type MaybePromise } from '../response/any-response';
import { MiddlewareResolver } from '../resolver/middleware-resolver';
import { errorResponse } from '../response/error-response';
import { toWebResponse } from '../response/to-web-response';
import { consoleLogger, type Logger } from '../logging/logger';
import { type ApplicationOptions, resolveOptions } from './application-options';
import { defineRoutingBuiltIns, DISPATCH_MIDDLEWARE, ROUTING_MIDDLEWARE } from './built-ins';
import { guardRouteOptions } from './guard-route-options';
import type { DeclaredRoute, RouteMiddlewareArgument } from './route-middleware';
import { RouteRegistry } from './route-registry';
import { type RunningServer, type ServeOptions, type ServedApplication, serverRunner } from './server-slot';
import { findSetupProblems } from './setup-checks';
import {
  bySeverity,
  type CheckOptions,
  type SetupFinding,
  throwOnFindings,
  warnFindings,
} from './setup-finding';
import { assertOwnRouter, claimRouter } from './router-owners';
import { ImplicitRouting } from './implicit-routing';
import { checkRouteOptionKeys } from './route-option-keys';
import { checkOptionKeys, optionKeys } from './option-keys';
import { requestOf } from './request-of';

const CHECK_OPTION_KEYS = optionKeys<CheckOptions>({ throwOn: true });
const PLATFORM_FACT_KEYS = optionKeys<PlatformFacts>({
  env: true,
  executionContext: true,
  clientAddress: true,
});

const RUN_ADVICE =
  'run() checks the setup before it listens. Fix the setup, or build the application with the option ' +
  'startupChecks: false to start anyway.';

/**
 * The application (spec 2.1): registers routes and a middleware pipeline, resolves middleware through
 * an optional container, answers requests from fetch runtimes (`fetch()`) or Node (`run()`, served by
 * `@framework/node-server`), and is itself middleware, so it mounts inside other pipes and applications.
 *
 * @example
 * const app = AppFactory.create(undefined, new FindMyWayRouter());
 * app.get('/post/{id}', (request) => new JsonResponse({ id: request.params.id })); // routed by default
 * await app.run({ port: 8080 });
 *
 * `RouteName` types the names `generateUri` accepts (and route names given at registration); it
 * defaults to any string: `AppFactory.create<'home' | 'post'>(...)` or `new Application<'home' | 'post'>(router)`.
 */
export class Application<RouteName extends string = string>
  implements ServerMiddleware, RequestHandler, ServedApplication
{
  /** Stands for the routing middleware (with implicit HEAD, implicit OPTIONS and 405) in `pipe()` and config. */
  static readonly ROUTING_MIDDLEWARE = ROUTING_MIDDLEWARE;
  /** Stands for the dispatch middleware in `pipe()` and config. */
  static readonly DISPATCH_MIDDLEWARE = DISPATCH_MIDDLEWARE;

  /** Whether error answers carry messages and stack traces. */
  readonly development: boolean;
  /** Body limit of the body readers, in bytes. */
  readonly bodyLimit: number;
  /** The `trustProxy` option: whose `Forwarded` / `X-Forwarded-For` `request.clientAddress` believes. */
  readonly trustProxy: TrustProxy;
  /** The `onError` option: reports errors answered with a 5xx, here and in the Node listener's fallback. */
  readonly onError: ((error: unknown, request: ServerRequest) => void) | undefined;
  /** Resolves middleware (Variant A forms with the `variant` option); `app.resolver.addAdapter(...)` accepts other forms. */
  readonly resolver: MiddlewareResolver;
  private readonly container: Container | undefined;
  /** `trustProxy` compiled once, and the body limit as `ServerRequest.fromSource` takes it, for `fetch()`. */
  private readonly proxyTrust: ProxyTrust | undefined;
  private readonly requestOptions: { readonly bodyLimit: number };
  private readonly pipeline: MiddlewarePipe;
  private readonly implicit: ImplicitRouting;
  /** The `implicitRouting` option: whether routing by default may apply. */
  private readonly implicitRoutingAllowed: boolean;
  private readonly errorHandler: ErrorHandlerMiddleware;
  private readonly routes = new RouteRegistry();
  private readonly routeMiddleware: RouteMiddlewareCache;
  private server: RunningServer | undefined;
  /** Applications piped into this one, with their mount path, whose setup `check()` includes. */
  private readonly mounts: { readonly path: string; readonly application: Application<string> }[] = [];
  /** Everything piped, as given, with its path: what `getPiped()` lists. */
  private readonly piped: { readonly path: string; readonly middleware: Middleware }[] = [];
  /** The `startupChecks` option: whether `run()` checks the setup, and development mode reports it. */
  private readonly startupChecks: boolean;
  /** Whether the next request logs the setup findings (development mode, once, unless `run()` did). */
  private unreported: boolean;

  constructor(
    private readonly router: Router,
    options: ApplicationOptions = {},
  ) {
    const resolved = resolveOptions(options);
    this.development = resolved.development;
    this.bodyLimit = resolved.bodyLimit;
    this.onError = resolved.onError;
    this.trustProxy = resolved.trustProxy;
    this.proxyTrust = resolved.proxyTrust;
    this.requestOptions = { bodyLimit: resolved.bodyLimit };
    this.startupChecks = resolved.startupChecks;
    this.implicitRoutingAllowed = resolved.implicitRouting;
    this.unreported = resolved.startupChecks && resolved.development;
    this.container = options.container;
    this.errorHandler = new ErrorHandlerMiddleware({
      development: this.development,
      onError: this.onError,
    });
    this.resolver = new MiddlewareResolver(options.container, options.variant);
    this.routeMiddleware = new RouteMiddlewareCache(this.resolver);
    defineRoutingBuiltIns(this.resolver, router, this.routeMiddleware);
    this.implicit = new ImplicitRouting(
      router,
      this.routeMiddleware,
      new NotFoundHandler(),
      this.errorHandler,
      () => this.routesImplicitly(),
    );
    this.pipeline = new MiddlewarePipe({
      resolver: this.resolver,
      notFound: this.implicit.end,
      errors: this.errorHandler,
    });
    trust(this);
  }

  /** Registers a route; throws when its path and methods overlap another route, or its name is taken. */
  route<Path extends string, List extends readonly unknown[]>(
    path: Path,
    middleware: RouteMiddlewareArgument<PathParams<NoInfer<Path>>, List>,
    methods?: readonly string[] | null,
    name?: RouteName | null,
  ): Route<Middleware, Path>;
  route<M, Path extends string>(route: Route<M, Path>): Route<M, Path>;
  route(
    pathOrRoute: string | Route<unknown>,
    middleware?: unknown,
    methods?: readonly string[] | null,
    name?: string | null,
  ): Route<unknown> {
    const route =
      pathOrRoute instanceof Route ? pathOrRoute : new Route(pathOrRoute, middleware, methods, name);
    // Everything that can fail comes before the route is recorded, so a failed call leaves no trace.
    checkRouteOptionKeys(route, route.getOptions()); // a route built with its options before
    assertRouterSupports(this.router, route); // an inline constraint needs a router that declares it
    claimRouter(this.router, this);
    this.routeMiddleware.entryFor(route); // resolve now so an unresolvable middleware fails here
    this.routes.check(route);
    this.router.addRoute(route);
    this.routes.record(route);
    guardRouteOptions(route, this.routeMiddleware);
    return route;
  }

  /** A route answering GET only. */
  get<Path extends string, List extends readonly unknown[], Answer extends AnyResponse = AnyResponse>(
    path: Path,
    middleware: RouteMiddlewareArgument<PathParams<NoInfer<Path>>, List, Answer>,
    name?: RouteName,
  ): DeclaredRoute<'GET', Path, List, Answer> {
    return this.route(path, middleware, ['GET'], name);
  }

  /** A route answering POST only. */
  post<Path extends string, List extends readonly unknown[], Answer extends AnyResponse = AnyResponse>(
    path: Path,
    middleware: RouteMiddlewareArgument<PathParams<NoInfer<Path>>, List, Answer>,
    name?: RouteName,
  ): DeclaredRoute<'POST', Path, List, Answer> {
    return this.route(path, middleware, ['POST'], name);
  }

  /** A route answering PUT only. */
  put<Path extends string, List extends readonly unknown[], Answer extends AnyResponse = AnyResponse>(
    path: Path,
    middleware: RouteMiddlewareArgument<PathParams<NoInfer<Path>>, List, Answer>,
    name?: RouteName,
  ): DeclaredRoute<'PUT', Path, List, Answer> {
    return this.route(path, middleware, ['PUT'], name);
  }

  /** A route answering PATCH only. */
  patch<Path extends string, List extends readonly unknown[], Answer extends AnyResponse = AnyResponse>(
    path: Path,
    middleware: RouteMiddlewareArgument<PathParams<NoInfer<Path>>, List, Answer>,
    name?: RouteName,
  ): DeclaredRoute<'PATCH', Path, List, Answer> {
    return this.route(path, middleware, ['PATCH'], name);
  }

  /** A route answering DELETE only. */
  delete<Path extends string, List extends readonly unknown[], Answer extends AnyResponse = AnyResponse>(
    path: Path,
    middleware: RouteMiddlewareArgument<PathParams<NoInfer<Path>>, List, Answer>,
    name?: RouteName,
  ): DeclaredRoute<'DELETE', Path, List, Answer> {
    return this.route(path, middleware, ['DELETE'], name);
  }

  /** Appends middleware to the pipeline; with a path, only for that literal prefix. */
  pipe(middleware: Middleware): this;
  pipe(path: string, middleware: Middleware): this;
  pipe(pathOrMiddleware: string | Middleware, middleware?: Middleware): this {
    const atRoot = arguments.length < 2;
    const mounted = (atRoot ? pathOrMiddleware : middleware) as Middleware;
    const path = atRoot ? '/' : (pathOrMiddleware as string);
    if (mounted instanceof Application) assertOwnRouter(this.router, mounted);
    if (atRoot) this.pipeline.pipe(mounted);
    else this.pipeline.pipe(path, mounted);
    this.piped.push({ path, middleware: mounted });
    if (mounted instanceof Application) this.mounts.push({ path, application: mounted });
    return this;
  }

  /**
   * Routing by default: true while the application has routes, no routing or dispatch middleware was
   * piped (anywhere: directly, in a list, under a path) and the `implicitRouting` option is not false.
   * Then routing and dispatch run at the end of the pipe, and `check()` finds no routing missing.
   */
  routesImplicitly(): boolean {
    return this.implicitRoutingAllowed && this.routes.size > 0 && this.resolver.stages.length === 0;
  }

  /** Pipes routing, implicit HEAD, implicit OPTIONS and method-not-allowed (405) middleware. */
  pipeRoutingMiddleware(): this {
    return this.pipe(ROUTING_MIDDLEWARE);
  }

  /** Pipes the dispatch middleware, which runs the matched route's middleware. */
  pipeDispatchMiddleware(): this {
    return this.pipe(DISPATCH_MIDDLEWARE);
  }

  /** The routes registered, in the order registered (the route table prints them). */
  getRoutes(): readonly Route<unknown>[] {
    return this.routes.list();
  }

  /** The applications piped into this one, with the path each was piped at (`'/'` without one). */
  getMounts(): readonly { readonly path: string; readonly application: Application<string> }[] {
    return [...this.mounts];
  }

  /**
   * The middleware piped, in order, as given to `pipe()` (service names, lists and applications
   * included), with the path each was piped at (`'/'` without one): for tools that describe an
   * application, such as an OpenAPI document listing the auth a mounted application requires.
   */
  getPiped(): readonly { readonly path: string; readonly middleware: Middleware }[] {
    return [...this.piped];
  }

  /** The container middleware is resolved through; `undefined` when the application has none. */
  getContainer(): Container | undefined {
    return this.container;
  }

  /** The router this application registers its routes with. */
  getRouter(): Router {
    return this.router;
  }

  /**
   * The path of a named route, prefixed with the mount path the request was seen under
   * (`request.basePath`), so links from a mounted application point inside its mount.
   */
  generateUri(name: RouteName, params?: Readonly<Record<string, unknown>>, request?: ServerRequest): string {
    return (request?.basePath ?? '') + this.router.generateUri(name, params);
  }

  /**
   * Checks how the application is assembled and returns what it finds, errors first (an empty list
   * when all is well): routes without any routing middleware (error), middleware service names the
   * container does not have (error; only `has()` is asked, nothing is built), routing without dispatch
   * or dispatch before routing (warnings: a pipeline of one's own may mean it); applications mounted
   * with `pipe()` are checked too, their findings naming the mount path. With `throwOn`, throws
   * an `ApplicationError` listing the findings of that severity or worse instead: what tests and CI call.
   * `run()` checks before it listens; nothing ever checks when a request is answered.
   *
   * @example
   * expect(app.check()).toEqual([]);
   * app.check({ throwOn: 'warning' }); // throws: The application has 1 route and a routing middleware but no dispatch …
   */
  check(options: CheckOptions = {}): SetupFinding[] {
    checkOptionKeys('check()', options, CHECK_OPTION_KEYS);
    const findings = bySeverity(this.findings(new Set()));
    if (options.throwOn !== undefined) throwOnFindings(findings, options.throwOn);
    return findings;
  }

  /** `check()` for `run()` and development mode: the applications checked will not report again. */
  private checkToReport(): SetupFinding[] {
    const checked = new Set<Application<string>>();
    const findings = bySeverity(this.findings(checked));
    for (const application of checked) application.unreported = false;
    return findings;
  }

  private findings(seen: Set<Application<string>>): SetupFinding[] {
    seen.add(this);
    const own = findSetupProblems({
      container: this.container,
      serviceNames: this.resolver.serviceNames,
      stages: this.resolver.stages,
      routeCount: this.routes.size,
      implicitRouting: this.routesImplicitly(),
    });
    const mounted = this.mounts
      .filter(({ application }) => !seen.has(application))
      .flatMap(({ path, application }) =>
        application.findings(seen).map((finding) => ({
          ...finding,
          message: `In the application mounted at ${JSON.stringify(path)}: ${finding.message}`,
        })),
      );
    return [...own, ...mounted];
  }

  /** @deprecated Use `check({ throwOn: 'warning' })`, which this calls; `check()` returns the findings. */
  checkSetup(): void {
    this.check({ throwOn: 'warning' });
  }

  /** Answers a request: never throws; an exhausted pipe is a 404, an escaping error a 5xx. */
  // This is the hot path.
  handle(request: ServerRequest): MaybePromise<AnyResponse> {
    if (this.unreported) this.reportSetup();
    return this.errorHandler.guard(request, this.pipeline);
  }

  /** Runs the pipeline as middleware (mounting); errors and exhaustion go to the caller. */
  process(request: ServerRequest, handler: RequestHandler): MaybePromise<AnyResponse> {
    if (this.unreported) this.reportSetup();
    return this.pipeline.process(request, this.implicit.before(handler));
  }

  /** Development mode's first request: logs the setup findings as warnings, and never fails the request. */
  private reportSetup(): void {
    this.unreported = false;
    try {
      warnFindings(this.checkToReport(), consoleLogger);
    } catch {
      // A diagnostic never answers a request; a failing container or console shows up elsewhere.
    }
  }

  /**
   * Answers a WHATWG request with a WHATWG response; no body for HEAD. It is a module worker's
   * `fetch(request, env, ctx)`, so `export default app` runs on workerd, `env` and `ctx` reaching
   * handlers through `getEnv(request)` and `getExecutionContext(request)`. Bound to the application, so
   * it is passed on as it is: `Bun.serve({ fetch: app.fetch })` (Bun's server, recognised by its
   * `requestIP()`, gives `request.clientAddress`), `Deno.serve(app.fetch)` (Deno's `info.remoteAddr`
   * likewise), `hono.mount('/ours', app.fetch)`. The second argument is never read as options: facts
   * the runtime does not pass go through `fetchWith()`. `request.signal` is the request's own signal.
   */
  readonly fetch = (
    request: Request,
    env?: unknown,
    executionContext?: ExecutionContext,
  ): Promise<Response> => this.answerFetch(request, platformOfFetch(request, env, executionContext));

  /**
   * `fetch()` with the platform facts given explicitly, for tests and hand-written servers:
   * `app.fetchWith(request, { clientAddress: '203.0.113.9', env, executionContext })`.
   */
  readonly fetchWith = (request: Request, facts: PlatformFacts = {}): Promise<Response> => {
    checkOptionKeys('fetchWith()', facts, PLATFORM_FACT_KEYS);
    return this.answerFetch(request, platformOfFacts(request, facts));
  };

  /**
   * `fetch()` for a path, URL or `Request` with `RequestInit`, as `fetch(input, init)` takes them: a
   * path (`'/ping'`) is on `http://localhost`. What tests call, on every runtime; `env` and
   * `executionContext` reach handlers as a module worker's would.
   *
   * @example
   * const response = await app.request('/notes', { method: 'POST', body: JSON.stringify({ text: 'hi' }) });
   * expect(response.status).toBe(201);
   */
  readonly request = (
    input: string | URL | Request,
    init?: RequestInit,
    env?: unknown,
    executionContext?: ExecutionContext,
  ): Promise<Response> => this.fetch(requestOf(input, init), env, executionContext);

  // The fetch path: `ServerRequest.fromRequest` without an options object per request, and a pipeline
  // that answers synchronously costs no extra promise (a thrown error is answered by handle() itself).
  private answerFetch(request: Request, platform: Platform): Promise<Response> {
    const hostError = isServedByDeno(platform) ? rawHostError(request) : undefined;
    if (hostError !== undefined) {
      return Promise.resolve(
        toWebResponse(errorResponse(hostError, this.development), request.method === 'HEAD'),
      );
    }
    const source = new WebRequestSource(request, undefined, this.proxyTrust);
    source.platform = platform;
    const serverRequest = ServerRequest.fromSource(source, this.requestOptions);
    const isHead = serverRequest.method === 'HEAD';
    const byBun = isServedByBun(platform);
    const response = this.handle(serverRequest);
    if (isPromiseLike(response))
      return Promise.resolve(response).then((answer) => toWebResponse(answer, isHead, byBun));
    return Promise.resolve(toWebResponse(response, isHead, byBun));
  }

  /**
   * Serves the application with the registered server: `@framework/node-server` registers itself when
   * imported, and is imported here by name when nothing is registered (so `app.run()` works in a Node
   * project that has it installed). Without one, rejects with `FRAMEWORK_ERR_APP_NO_SERVER`. A bundled
   * application imports the server itself (`import '@framework/node-server'`), or calls its
   * `run(app, options)`, which is typed for its options (TLS, HTTP/2, workers, timeouts) and server.
   *
   * The server checks the setup first (`checkBeforeRun()`), then listens on `host`/`port` (else
   * `HOST`/`PORT`, else 0.0.0.0:8080) and resolves to the listening server; a cluster primary
   * resolves to `undefined`.
   */
  async run(options: ServeOptions = {}): Promise<RunningServer | undefined> {
    const run = await serverRunner();
    return run(this, options);
  }

  /**
   * What a server calls before it listens (`run()` does): unless the option `startupChecks` is false,
   * checks the setup (see `check()`), logs the warnings to `logger` (unless `warnings` is false: a
   * cluster worker leaves them to its primary) and throws an `ApplicationError` listing the errors.
   */
  checkBeforeRun(logger: Logger = consoleLogger, options: { readonly warnings?: boolean } = {}): void {
    checkOptionKeys('checkBeforeRun()', options, ['warnings']);
    if (!this.startupChecks) return;
    const findings = this.checkToReport();
    if (options.warnings !== false) {
      warnFindings(
        findings.filter((finding) => finding.severity === 'warning'),
        logger,
      );
    }
    throwOnFindings(findings, 'error', RUN_ADVICE);
  }

  /**
   * Tells the application which server serves it, for `shuttingDown`: a server package calls it with
   * the server it started (`@framework/node-server`'s `run()` does).
   */
  servedBy(server: RunningServer): void {
    this.server = server;
  }

  /**
   * True once the server `run()` started is closing (`server.close()`, SIGTERM/SIGINT, or the cluster
   * primary shutting down): what `readiness(app)` answers 503 on.
   */
  get shuttingDown(): boolean {
    return this.server !== undefined && !this.server.listening;
  }
}
