/**
 * The prototype of every params object `createMatchParams` makes: no properties and no prototype of
 * its own, so such an object inherits nothing, as an `Object.create(null)` one does.
 */
const MATCH_PARAMS_PROTOTYPE: object = /* @__PURE__ */ Object.freeze(Object.create(null));

// A function rather than a class: `new` on it makes the object and runs nothing else.
const MatchParams = function MatchParams(): void {} as unknown as new () => Record<string, string>;
MatchParams.prototype = MATCH_PARAMS_PROTOTYPE as Record<string, string>;

/**
 * A new, empty params object for one match. It inherits no property (`constructor`, `toString` and
 * `__proto__` are ordinary keys in it), like `Object.create(null)`; unlike that, V8 keeps it in fast
 * mode, so each placeholder value stored into it is a hidden-class transition, not a hash-table
 * insertion. Adapters build the params they hand to `RouteResult.fromRoute` with it.
 *
 * @example
 * const params = createMatchParams();
 * params['id'] = '12';
 * RouteResult.fromRoute(route, params).getMatchedParams(); // { id: '12' }, this very object
 */
export function createMatchParams(): Record<string, string> {
  return new MatchParams();
}

/** Whether `params` was made by `createMatchParams` or `Object.create(null)`, so it inherits nothing. */
// On the hot path of every successful match (`RouteResult.fromRoute`).
export function isMatchParams(params: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(params);
  return prototype === MATCH_PARAMS_PROTOTYPE || prototype === null;
}
