import type { Route } from '@framework/router-contract';
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
}
