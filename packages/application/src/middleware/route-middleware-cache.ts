import type { Route } from '@framework/router-contract';
import { ApplicationError } from '../errors/application-error';
import { describeThrown, readErrorField } from '../errors/read-error-field';
import type { ServerRequest } from '../http/server-request';
import { type PipeEntry, pipeEntry } from '../pipeline/pipe-step';
import { describeMiddleware } from '../resolver/describe-middleware';
import type { MiddlewareResolver } from '../resolver/middleware-resolver';

/** Resolves each route's middleware once and remembers it (keyed by the route object). */
export class RouteMiddlewareCache {
  private readonly entries = new WeakMap<Route<unknown>, PipeEntry>();

  constructor(private readonly resolver: MiddlewareResolver) {}

  entryFor(route: Route<unknown>): PipeEntry {
    let entry = this.entries.get(route);
    if (entry === undefined) {
      const middleware = route.getMiddleware();
      const label = `${describeMiddleware(middleware)} of route ${JSON.stringify(route.getName())}`;
      entry = pipeEntry(this.resolver.resolve(middleware), label);
      this.entries.set(route, entry);
    }
    return entry;
  }

  /** Takes a route out of service: dispatching it fails with `FRAMEWORK_ERR_ROUTE_NOT_SERVED`. */
  refuse(route: Route<unknown>, reason: unknown): void {
    const label = `route ${JSON.stringify(route.getName())}`;
    this.entries.set(route, pipeEntry(new RefusedRoute(route, reason), label));
  }

  /** Puts a refused route back in service (its middleware is resolved again on first use). */
  restore(route: Route<unknown>): void {
    this.entries.delete(route);
  }
}

/** What a route whose `setOptions()` failed dispatches to: an error naming the route and the failure. */
class RefusedRoute {
  constructor(
    private readonly route: Route<unknown>,
    private readonly reason: unknown,
  ) {}

  process(_request: ServerRequest): never {
    const message = readErrorField(this.reason, 'message');
    throw new ApplicationError(
      'FRAMEWORK_ERR_ROUTE_NOT_SERVED',
      `Route ${JSON.stringify(this.route.getName())} (${this.route.getPath()}) is not served: its setOptions() ` +
        `failed (${typeof message === 'string' ? message : describeThrown(this.reason)}). Fix the options.`,
      { cause: this.reason },
    );
  }
}
