import type { Route } from '@framework/router-contract';
import { ApplicationError } from '../errors/application-error';

function describeRoute(route: Route<unknown>): string {
  const methods = route.getAllowedMethods();
  const verbs =
    methods === null ? 'any method' : methods.length === 0 ? 'no listed method' : methods.join(', ');
  return `route ${JSON.stringify(route.getName())} (${route.getPath()}, ${verbs})`;
}

function overlap(a: readonly string[] | null, b: readonly string[] | null): string | undefined {
  if (a === null || b === null)
    return a === null && b === null ? 'any method' : `${(a ?? b ?? []).join(', ') || 'any method'}`;
  if (a.length === 0 && b.length === 0) return 'no listed method (both answer only implicit HEAD/OPTIONS)';
  const shared = a.filter((method) => b.includes(method));
  return shared.length > 0 ? shared.join(', ') : undefined;
}

/**
 * Keeps the application's routes and refuses duplicates: the same path template text (`/café` and
 * `/caf%C3%A9` are the same) with overlapping
 * methods (any method overlaps everything), or the same name. Routes of the same shape with other
 * placeholder names (`/post/{id}`, `/post/{slug}`) are not duplicates: their `tokens` may tell them
 * apart, and the router's precedence decides.
 */
export class RouteRegistry {
  private readonly byPath = new Map<string, Route<unknown>[]>();
  private readonly byName = new Map<string, Route<unknown>>();

  /** Throws when the route would be a duplicate; records nothing. */
  check(route: Route<unknown>): void {
    const samePath = this.byPath.get(route.template.source) ?? [];
    for (const existing of samePath) {
      const shared = overlap(existing.getAllowedMethods(), route.getAllowedMethods());
      if (shared !== undefined) {
        throw new ApplicationError(
          'FRAMEWORK_ERR_ROUTE_DUPLICATE',
          `Duplicate route: ${describeRoute(route)} overlaps ${describeRoute(existing)} on ${shared}. ` +
            'Make the method lists disjoint, or remove one.',
        );
      }
    }
    const named = this.byName.get(route.getName());
    if (named !== undefined) {
      throw new ApplicationError(
        'FRAMEWORK_ERR_ROUTE_DUPLICATE_NAME',
        `Duplicate route name ${JSON.stringify(route.getName())}: ${describeRoute(route)} and ${describeRoute(named)}. ` +
          'Pass another name.',
      );
    }
  }

  /** How many routes are recorded. */
  get size(): number {
    return this.byName.size;
  }

  /** The routes recorded, in the order registered. */
  list(): Route<unknown>[] {
    return [...this.byName.values()];
  }

  /** Records a route that passed `check()` and reached the router. */
  record(route: Route<unknown>): void {
    const samePath = this.byPath.get(route.template.source);
    if (samePath === undefined) this.byPath.set(route.template.source, [route]);
    else samePath.push(route);
    this.byName.set(route.getName(), route);
  }
}
