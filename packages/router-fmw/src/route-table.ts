import { MatchTable, RouteResult, type Route } from '@framework/router-contract';
import { allowsMethod, compileRoute, matchParams, readTreeParams } from './compiled-route';
import { LiteralRoutes } from './literal-routes';
import {
  ShapeIndex,
  escapeTreePath,
  matchedAsReceived,
  needsTreeEscape,
  type Candidate,
  type ShapeMatch,
} from './shape-index';

// The package index re-exports `RouteResult` through a getter (CommonJS output); one read here keeps
// that call off every lookup.
const Result = RouteResult;
const PLAIN_FAILURE = Result.fromRouteFailure(null);

/**
 * The compiled form of a route list. Literal routes are looked up in a map; placeholder routes in one
 * find-my-way tree of shapes, which gives the routes allowing the method that may match the path, in
 * the contract's precedence (see `ShapeIndex`): the first that matches answers. A route of the shape
 * found, whose placeholder segments are whole, takes find-my-way's params as its captures; any other
 * runs its own regex. A path that fits no shape and no literal route is a plain failure; any other
 * failure asks the contract's `MatchTable` for the methods of every route matching the path.
 */
export class RouteTable {
  private readonly literal: LiteralRoutes;
  private readonly shapes: ShapeIndex;
  private readonly all: MatchTable;
  private readonly names = new Map<string, Route>();

  constructor(routes: readonly Route[], maxParamLength: number) {
    const compiled = routes.map((route, index) => compileRoute(route, index, maxParamLength));
    const listedMethods = new Set<string>();
    for (const each of compiled) for (const method of each.methods ?? []) listedMethods.add(method);
    this.shapes = new ShapeIndex(listedMethods);

    for (const each of compiled) {
      if (!this.names.has(each.route.getName())) this.names.set(each.route.getName(), each.route);
      if (!each.isStatic) this.shapes.add(each);
    }
    this.literal = new LiteralRoutes(compiled.filter((each) => each.isStatic));
    this.all = new MatchTable(compiled);
  }

  // This is the hot path: change with care.
  match(method: string, path: string): RouteResult {
    const literal = this.literal.get(path);
    if (literal !== undefined) {
      for (const each of literal) if (allowsMethod(each, method)) return each.staticResult as RouteResult;
    }
    if (path.charCodeAt(0) !== 47) return PLAIN_FAILURE;

    // Most paths hold no "%", "?" or "#": find-my-way gets them as they are, and is asked again with
    // the path escaped only when it missed or did not match the path as received.
    const found = this.shapes.find(path);
    if ((found === null || !matchedAsReceived(found, path)) && needsTreeEscape(path)) {
      return this.matchEscaped(method, path, literal !== undefined);
    }
    if (found === null) return literal === undefined ? PLAIN_FAILURE : this.failure(path);
    return this.fromCandidates(found, method, path, false) ?? this.failure(path);
  }

  routeNamed(name: string): Route | undefined {
    const route = this.names.get(name);
    return route !== undefined && route.getName() === name ? route : undefined;
  }

  /** The result for a path with "%", "?" or "#" that find-my-way did not match as received. */
  private matchEscaped(method: string, path: string, hasLiteral: boolean): RouteResult {
    const found = this.shapes.find(escapeTreePath(path));
    if (found === null) return hasLiteral ? this.failure(path) : PLAIN_FAILURE;
    return this.fromCandidates(found, method, path, true) ?? this.failure(path);
  }

  /** The first candidate of the shape found that matches, or `undefined`. */
  // This is the hot path of every lookup with placeholders: change with care.
  private fromCandidates(
    found: ShapeMatch,
    method: string,
    path: string,
    escaped: boolean,
  ): RouteResult | undefined {
    const candidates = this.shapes.candidates(found.store, method);
    for (let i = 0; i < candidates.length; i++) {
      const candidate = candidates[i] as Candidate;
      const { compiled, wholeSegments } = candidate;
      const params =
        wholeSegments !== null && !escaped
          ? wholeSegments.read(found.params, compiled.route.getTokens())
          : candidate.readsTreeParams
            ? readTreeParams(compiled, found.params)
            : matchParams(compiled, path);
      if (params !== undefined) return Result.fromRoute(compiled.route, params);
    }
    return undefined;
  }

  /** A failure for a path some placeholder route may match: the methods of those that do. */
  private failure(path: string): RouteResult {
    return Result.fromRouteFailure(this.all.allowedMethods(path));
  }
}
