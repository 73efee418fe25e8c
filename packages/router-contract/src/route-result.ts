import { createMatchParams, isMatchParams } from './match-params';
import type { Route } from './route';

const EMPTY_PARAMS: Readonly<Record<string, string>> = /* @__PURE__ */ Object.freeze(Object.create(null));

/**
 * The outcome of `Router.match`: a matched route with its params, a method failure (the path exists
 * under other methods, listed), or a plain failure (nothing matches the path).
 */
export class RouteResult<Middleware = unknown> {
  // Results are immutable, so every plain failure is this one.
  private static readonly PLAIN_FAILURE = new RouteResult<unknown>(undefined, EMPTY_PARAMS, null);

  private constructor(
    private readonly route: Route<Middleware> | undefined,
    private readonly params: Readonly<Record<string, string>>,
    private readonly allowedMethods: readonly string[] | null,
  ) {}

  /**
   * A successful match. A `params` object made by `createMatchParams` (or `Object.create(null)`) is
   * taken as is: the result owns it from now on, so an adapter builds it for this match and never
   * touches it again. Any other object is copied into a new `createMatchParams` one.
   */
  // This is the hot path of every successful lookup: change with care.
  static fromRoute<M>(
    route: Route<M>,
    params: Readonly<Record<string, string>> = EMPTY_PARAMS,
  ): RouteResult<M> {
    if (isMatchParams(params)) return new RouteResult(route, params, route.getAllowedMethods());
    const copy = createMatchParams();
    for (const key of Object.keys(params)) copy[key] = params[key] as string;
    return new RouteResult(route, copy, route.getAllowedMethods());
  }

  /**
   * A failed match. `allowed` lists the methods the path answers (a method failure, even when empty);
   * `null` means no route matches the path at all.
   */
  static fromRouteFailure<M = unknown>(allowed: readonly string[] | null): RouteResult<M> {
    if (allowed === null) return RouteResult.PLAIN_FAILURE as RouteResult<M>;
    return new RouteResult<M>(undefined, EMPTY_PARAMS, Object.freeze([...allowed]));
  }

  /** True when a route matched. */
  isSuccess(): boolean {
    return this.route !== undefined;
  }

  /** True when no route matched (by path or by method). */
  isFailure(): boolean {
    return this.route === undefined;
  }

  /** True for a failure that lists allowed methods (any array, even `[]`). */
  isMethodFailure(): boolean {
    return this.route === undefined && this.allowedMethods !== null;
  }

  /** The matched route; `undefined` on a failure. */
  getMatchedRoute(): Route<Middleware> | undefined {
    return this.route;
  }

  /** The name of the matched route; `undefined` on a failure. */
  getMatchedRouteName(): string | undefined {
    return this.route?.getName();
  }

  /** Percent-decoded placeholder values, keyed by name, in an object that inherits nothing. Do not modify it. */
  getMatchedParams(): Readonly<Record<string, string>> {
    return this.params;
  }

  /**
   * On success, the route's methods (`null` when it answers any); on a method failure, the methods the
   * path answers in registration order; on a plain failure, `null`.
   */
  getAllowedMethods(): readonly string[] | null {
    return this.allowedMethods;
  }
}
