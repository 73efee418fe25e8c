import assert from 'node:assert/strict';
import type { RouterLimits } from '../limits';
import { EMPTY_LIST_EXPLICIT_METHODS, EXPLICIT_METHODS } from '../methods';
import { Route } from '../route';
import type { RouteResult } from '../route-result';
import type { Router } from '../router';
import type { ContractContext } from './options';

/** Middleware stand-in: the suite only checks identity. */
export function handler(label: string): () => string {
  const fn = (): string => label;
  Object.defineProperty(fn, 'name', { value: label });
  return fn;
}

/** Builds a route; `tokens`, when given, is set with `setOptions` before `addRoute`. */
export function route(
  path: string,
  methods?: readonly string[] | null,
  tokens?: Readonly<Record<string, string>>,
  name?: string,
): Route {
  const built = new Route(
    path,
    handler(`${path} ${methods === undefined || methods === null ? '*' : methods.join(',')}`),
    methods,
    name,
  );
  if (tokens !== undefined) built.setOptions({ tokens });
  return built;
}

/** A fresh router holding these routes, added in order. */
export function routerWith(ctx: ContractContext, ...routes: Route[]): Router {
  return routerWithLimits(ctx, undefined, ...routes);
}

/** A fresh router created with these limits (`undefined`: the defaults), holding these routes. */
export function routerWithLimits(
  ctx: ContractContext,
  limits: RouterLimits | undefined,
  ...routes: Route[]
): Router {
  const router = limits === undefined ? ctx.createRouter() : ctx.createRouter(limits);
  for (const each of routes) router.addRoute(each);
  return router;
}

// The request each result answered, so a failed expectation names it.
const requests = new WeakMap<RouteResult, string>();

export function match(router: Router, method: string, path: string): RouteResult {
  const result = router.match({ method, path });
  requests.set(result, `${method} ${JSON.stringify(path)}`);
  return result;
}

/** The methods a route without a method list answers, as a method failure lists them. */
export function anyMethodList(ctx: ContractContext): readonly string[] | null {
  return ctx.capabilities.explicitMethods ? EXPLICIT_METHODS : null;
}

/** The methods a route with an empty method list answers. */
export function emptyListMethods(ctx: ContractContext): readonly string[] {
  return ctx.capabilities.explicitMethods ? EMPTY_LIST_EXPLICIT_METHODS : [];
}

/** What a match gave, as plain data: the form failure messages and comparisons use. */
export type Outcome =
  | { readonly kind: 'success'; readonly route: string | undefined; readonly params: Record<string, string> }
  | { readonly kind: 'method failure'; readonly allowed: readonly string[] }
  | { readonly kind: 'plain failure' };

export function outcomeOf(result: RouteResult): Outcome {
  if (result.isSuccess()) {
    return { kind: 'success', route: result.getMatchedRouteName(), params: { ...result.getMatchedParams() } };
  }
  const allowed = result.getAllowedMethods();
  return allowed === null ? { kind: 'plain failure' } : { kind: 'method failure', allowed: [...allowed] };
}

export function describeOutcome(outcome: Outcome): string {
  switch (outcome.kind) {
    case 'success':
      return `success on route ${JSON.stringify(outcome.route)} with params ${JSON.stringify(outcome.params)}`;
    case 'method failure':
      return `method failure allowing ${JSON.stringify(outcome.allowed)}`;
    default:
      return 'plain failure';
  }
}

/** Asserts the outcome, naming the request, the expected and the actual outcome when they differ. */
export function expectOutcome(result: RouteResult, expected: Outcome, request = requests.get(result)): void {
  const actual = outcomeOf(result);
  assert.deepEqual(
    actual,
    expected,
    `${request ?? 'the request'}: expected ${describeOutcome(expected)}, got ${describeOutcome(actual)}`,
  );
}

export function expectSuccess(
  result: RouteResult,
  expected: Route,
  params: Readonly<Record<string, string>> = {},
): void {
  const request = requests.get(result) ?? 'the request';
  expectOutcome(result, { kind: 'success', route: expected.getName(), params: { ...params } });
  assert.equal(result.isFailure(), false, `${request}: a success must not report isFailure()`);
  assert.equal(result.isMethodFailure(), false, `${request}: a success must not report isMethodFailure()`);
  assert.equal(result.getMatchedRoute(), expected, `${request}: matched another route with the same name`);
  const inherited = inheritedKeys(result.getMatchedParams());
  assert.deepEqual(inherited, [], `${request}: params must inherit no property`);
}

/** Every key the object inherits, along its whole prototype chain. */
export function inheritedKeys(value: object): PropertyKey[] {
  const keys: PropertyKey[] = [];
  for (let proto = Object.getPrototypeOf(value); proto !== null; proto = Object.getPrototypeOf(proto))
    keys.push(...Reflect.ownKeys(proto));
  return keys;
}

export function expectMethodFailure(result: RouteResult, allowed: readonly string[]): void {
  const request = requests.get(result) ?? 'the request';
  expectOutcome(result, { kind: 'method failure', allowed: [...allowed] });
  assert.equal(result.isFailure(), true, `${request}: a method failure must report isFailure()`);
  assert.equal(result.isMethodFailure(), true, `${request}: a method failure must report isMethodFailure()`);
  assert.equal(result.getMatchedRoute(), undefined, `${request}: a failure has no matched route`);
}

export function expectPlainFailure(result: RouteResult): void {
  const request = requests.get(result) ?? 'the request';
  expectOutcome(result, { kind: 'plain failure' });
  assert.equal(result.isFailure(), true, `${request}: a plain failure must report isFailure()`);
  assert.equal(result.isMethodFailure(), false, `${request}: a plain failure is not a method failure`);
  assert.equal(result.getMatchedRoute(), undefined, `${request}: a failure has no matched route`);
  assert.equal(result.getMatchedRouteName(), undefined, `${request}: a failure has no route name`);
  assert.deepEqual(Object.keys(result.getMatchedParams()), [], `${request}: a failure has no params`);
}

/** Runs `fn` and expects a RouterError with this code and message. */
export function expectRouterError(fn: () => unknown, code: string, message: string): void {
  assert.throws(fn, (thrown: unknown) => {
    assert.ok(thrown instanceof Error, `expected an Error, got ${String(thrown)}`);
    assert.deepEqual(
      { name: thrown.name, code: (thrown as { code?: unknown }).code, message: thrown.message },
      { name: 'RouterError', code, message },
    );
    return true;
  });
}
