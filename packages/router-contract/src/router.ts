import type { Route } from './route';
import type { RouteResult } from './route-result';

/** What a router needs from a request to match it. */
export interface MatchInput {
  /** Upper-case HTTP method. */
  readonly method: string;
  /** The request path as received (still percent-encoded), without query string. */
  readonly path: string;
}

/** Options for `Router.generateUri`; adapters may define more. */
export interface GenerateUriOptions {
  readonly [option: string]: unknown;
}

/**
 * What an adapter declares it supports beyond the first version of the contract. A flag left out
 * means "not supported": the application then refuses a route that needs it, instead of letting an
 * older adapter misroute it.
 */
export interface RouterCapabilities {
  /**
   * The router routes templates with inline constraints (`/notes/{id:\d+}`). Every adapter that
   * translates `route.template` and checks `route.getTokens()` (the contract's building blocks do)
   * supports them with no other change: the parser leaves the constraint out of `template.source` and
   * the parts, and the route applies it as a token.
   */
  readonly inlineConstraints?: boolean;
}

/**
 * The contract every router adapter implements. `describeRouterContract` from
 * `@framework/router-contract/testing` checks an adapter against it.
 */
export interface Router<Middleware = unknown> {
  /**
   * What the router supports beyond the first version of the contract; see `RouterCapabilities`.
   * `assertRouterSupports` refuses a route that needs a capability the router does not declare.
   */
  readonly capabilities?: RouterCapabilities;

  /**
   * Stores a route. MUST NOT compile anything yet: options set on the route after this call (for
   * example `tokens`) MUST still apply. Duplicate detection is the application's job; a router MUST
   * accept the same path registered under disjoint method lists.
   */
  addRoute(route: Route<Middleware>): void;

  /**
   * Matches a request. MUST be case-sensitive and strict about trailing slashes; MUST compare literal
   * text with the path as received (still percent-encoded); MUST percent-decode params (`%2F` gives
   * `/`) into an object that inherits no property (`createMatchParams`), a new one per match of a
   * route with placeholders (a route without any may share one frozen empty object); MUST check
   * `route.getTokens()` (the `tokens` option and inline constraints) against the decoded value; MUST NOT throw,
   * even on a malformed `%` escape, which is a plain failure.
   *
   * The route is chosen among the routes that allow the request method (a route elsewhere that only
   * answers other methods never hides it) and match the path, by one precedence that every adapter
   * MUST follow. Two routes matching a path have as many segments as the path; compare them segment
   * by segment from the left, and at the first segment whose shapes differ (a shape is the segment
   * with placeholder names erased: `v{}`, `{}.json`):
   *
   * 1. a segment without placeholders beats a segment with placeholders (`/en/{page}` beats
   *    `/{lang}/about` on `/en/about`);
   * 2. between two segments with placeholders, the one with more characters of literal text (counted
   *    as written) wins: `{id}.json` (5) beats `v{n}` (1), which beats `{slug}` (0);
   * 3. with as much literal text, the one with fewer placeholders wins (`{a}.` beats `{a}.{b}`);
   * 4. then, reading both from the left, the first with literal text where the other has a placeholder
   *    wins (`a{x}` beats `{x}a`), and of two different literal characters the lower UTF-16 code unit.
   *
   * When every segment has the same shape (`/p/{id}` and `/p/{slug}`), the earlier-registered route
   * wins. A later segment never outweighs an earlier one (`/p/v{n}/{x}` beats `/p/{y}/edit` on
   * `/p/v1/edit`). So a route without placeholders beats every route with placeholders. A route whose
   * token fails, or whose segment has no split that holds, does not match: the next route in this
   * order answers. `comparePrecedence` implements the order.
   *
   * A segment with two or more placeholders (`/{from}-{to}`, `/{name}.{ext}`) MUST be split
   * leftmost-longest among the splits that satisfy the route: each placeholder takes one or more
   * characters, literal text between them appears as is, and every value decodes and satisfies its
   * token; of those splits, the one where the first placeholder is longest wins, then the second, and
   * so on. (`/{a}.{b}` with token `a: [^.]+` on `/a.b.1` gives `a` = `a`, `b` = `b.1`; without the
   * token, `a` = `a.b`, `b` = `1`.) The route does not match the segment only when no split holds.
   * `splitSegment` implements this rule.
   *
   * Result: success with the route and its params; otherwise, when routes match the path under other
   * methods, a method failure listing the methods of every route that matches the path, in
   * registration order without repeats (`[]` when those routes list none; HEAD and OPTIONS are not
   * implied: the application honours them); otherwise a plain failure (`null` allowed methods).
   */
  match(request: MatchInput): RouteResult<Middleware>;

  /**
   * Builds the path of the named route. MUST percent-encode values, and MUST throw a `RouterError`
   * when the name is unknown (`FRAMEWORK_ERR_ROUTER_UNKNOWN_ROUTE`), when placeholders lack values
   * (`FRAMEWORK_ERR_ROUTER_MISSING_PARAMS`, naming them) or when a value breaks its token, would make
   * a segment `.` or `..`, or holds a lone surrogate (`FRAMEWORK_ERR_ROUTER_PARAM_MISMATCH`).
   * `uriParams` makes these checks for an adapter whose library builds the path.
   */
  generateUri(name: string, params?: Readonly<Record<string, unknown>>, options?: GenerateUriOptions): string;
}
