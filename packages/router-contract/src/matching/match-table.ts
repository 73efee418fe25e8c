import type { Route } from '../route';
import { RouteResult } from '../route-result';
import { allowedMethods, type PathMatch } from './allowed-methods';
import { RouteIndex } from './route-index';

/** A route compiled by an adapter, as a `MatchTable` takes it. */
export interface MatchableRoute<M = unknown> {
  readonly route: Route<M>;
  /** The methods the route answers here (`null`: any); an adapter may widen the route's own list. */
  readonly methods: readonly string[] | null;
  /**
   * The params of the route for a raw path (a `createMatchParams` object the result will own), or
   * `undefined` when it does not match, a token failing included. For a route without placeholders,
   * called only with its own path.
   */
  matchPath(path: string): Readonly<Record<string, string>> | undefined;
  /**
   * Optional: the params of a route whose every placeholder fills a whole segment (`/post/{id}`), from
   * the raw segment each placeholder faces in a path whose literal segments and segment count the
   * table has already checked (`segments[i]` for the i-th placeholder, as received; valid during the
   * call only, so copy what you keep), or `undefined` when a value does not match (empty, too long, a
   * malformed `%`, a token failing), as `matchPath` would answer for that path. Without it, the table
   * calls `matchPath`.
   */
  matchSegments?(segments: readonly string[]): Readonly<Record<string, string>> | undefined;
}

interface Entry<M> extends PathMatch {
  readonly matchable: MatchableRoute<M>;
  /** The last result of a route without placeholders, given again while its params are the same object. */
  last: RouteResult<M> | undefined;
}

// This is the hot path of every lookup: change with care.
function firstMatch<M>(
  bucket: readonly Entry<M>[],
  path: string,
  segments: readonly string[] | undefined,
): RouteResult<M> | undefined {
  for (let i = 0; i < bucket.length; i++) {
    const entry = bucket[i] as Entry<M>;
    const { matchable } = entry;
    const params =
      segments !== undefined && matchable.matchSegments !== undefined
        ? matchable.matchSegments(segments)
        : matchable.matchPath(path);
    if (params === undefined) continue;
    if (!matchable.route.template.isStatic) return RouteResult.fromRoute(matchable.route, params);
    // A result is immutable: a route without placeholders, whose adapter hands the same params object
    // at every match, is answered with one result instead of a new one per request.
    const last = entry.last;
    if (last !== undefined && last.getMatchedParams() === params) return last;
    return (entry.last = RouteResult.fromRoute(matchable.route, params));
  }
  return undefined;
}

function collectMatches<M>(bucket: readonly Entry<M>[], path: string, matches: Entry<M>[]): void {
  for (const entry of bucket) if (entry.matchable.matchPath(path) !== undefined) matches.push(entry);
}

function templateOf<M>(entry: Entry<M>) {
  return entry.matchable.route.template;
}

/**
 * The lookup structures of an adapter whose library matches one route at a time: one `RouteIndex`
 * per method over the routes that allow it (built at the first request with that method, shared by
 * the methods no route lists), and one over every route for method failures. `match` answers by the
 * contract: the first route allowing the method that matches, in the contract's precedence
 * (`comparePrecedence`, then the order given), else the allowed methods of
 * every route matching the path, else a plain failure.
 *
 * @example
 * const table = new MatchTable(routes.map((route) => new MyCompiledRoute(route)));
 * table.match('GET', '/post/12'); // RouteResult
 */
export class MatchTable<M = unknown> {
  private readonly entries: readonly Entry<M>[];
  private readonly listed = new Set<string>();
  private readonly byMethod = new Map<string, RouteIndex<Entry<M>>>();
  private anyMethod: RouteIndex<Entry<M>> | undefined;
  private every: RouteIndex<Entry<M>> | undefined;
  private lastMethod: string | undefined;
  private lastIndex: RouteIndex<Entry<M>> | undefined;

  /** `routes` in registration order. */
  constructor(routes: readonly MatchableRoute<M>[]) {
    this.entries = routes.map((matchable, order) => ({
      matchable,
      order,
      methods: matchable.methods,
      last: undefined,
    }));
    for (const { methods } of this.entries) for (const method of methods ?? []) this.listed.add(method);
  }

  /** The result for `method` and `path`: the route that matches first, a method failure or a plain failure. */
  // This is the hot path of every lookup: change with care.
  match(method: string, path: string): RouteResult<M> {
    // Most lookups ask for the method of the one before (GET): compared, not hashed.
    let index = this.lastIndex;
    if (method !== this.lastMethod || index === undefined) {
      index = this.byMethod.get(method) ?? this.indexFor(method);
      this.lastMethod = method;
      this.lastIndex = index;
    }
    const found = index.find(path, firstMatch);
    return found ?? RouteResult.fromRouteFailure(this.allowedMethods(path));
  }

  /** The methods of every route matching the path, in registration order, each once; `null`: none. */
  allowedMethods(path: string): string[] | null {
    const matches: Entry<M>[] = [];
    (this.every ??= new RouteIndex(this.entries, templateOf)).forEach(path, collectMatches, matches);
    return allowedMethods(matches);
  }

  private indexFor(method: string): RouteIndex<Entry<M>> {
    if (!this.listed.has(method)) {
      return (this.anyMethod ??= new RouteIndex(
        this.entries.filter((entry) => entry.methods === null),
        templateOf,
      ));
    }
    const allowing = this.entries.filter((entry) => entry.methods === null || entry.methods.includes(method));
    const index = new RouteIndex(allowing, templateOf);
    this.byMethod.set(method, index);
    return index;
  }
}
