import { expect } from '@jest/globals';
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

export function match(router: Router, method: string, path: string): RouteResult {
  return router.match({ method, path });
}

/** The methods a route without a method list answers, as a method failure lists them. */
export function anyMethodList(ctx: ContractContext): readonly string[] | null {
  return ctx.capabilities.explicitMethods ? EXPLICIT_METHODS : null;
}

/** The methods a route with an empty method list answers. */
export function emptyListMethods(ctx: ContractContext): readonly string[] {
  return ctx.capabilities.explicitMethods ? EMPTY_LIST_EXPLICIT_METHODS : [];
}

export function expectSuccess(
  result: RouteResult,
  expected: Route,
  params: Readonly<Record<string, string>> = {},
): void {
  expect(result.isSuccess()).toBe(true);
  expect(result.isFailure()).toBe(false);
  expect(result.isMethodFailure()).toBe(false);
  expect(result.getMatchedRoute()).toBe(expected);
  expect(result.getMatchedRouteName()).toBe(expected.getName());
  const actual = result.getMatchedParams();
  expect(Object.getPrototypeOf(actual)).toBeNull();
  expect({ ...actual }).toEqual(params);
}

export function expectMethodFailure(result: RouteResult, allowed: readonly string[]): void {
  expect(result.isSuccess()).toBe(false);
  expect(result.isFailure()).toBe(true);
  expect(result.isMethodFailure()).toBe(true);
  expect(result.getMatchedRoute()).toBeUndefined();
  expect(result.getAllowedMethods()).toEqual(allowed);
}

export function expectPlainFailure(result: RouteResult): void {
  expect(result.isSuccess()).toBe(false);
  expect(result.isFailure()).toBe(true);
  expect(result.isMethodFailure()).toBe(false);
  expect(result.getMatchedRoute()).toBeUndefined();
  expect(result.getMatchedRouteName()).toBeUndefined();
  expect(result.getAllowedMethods()).toBeNull();
  expect(Object.keys(result.getMatchedParams())).toEqual([]);
}

/** Runs `fn`, expects a RouterError, and returns it for further checks. */
export function expectRouterError(fn: () => unknown, code: string, message: string): void {
  let thrown: unknown;
  try {
    fn();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(Error);
  expect((thrown as { name?: unknown }).name).toBe('RouterError');
  expect((thrown as { code?: unknown }).code).toBe(code);
  expect((thrown as Error).message).toBe(message);
}
