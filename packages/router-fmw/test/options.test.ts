import { describe, expect, it } from '@jest/globals';
import { Route, RouterError } from '@framework/router-contract';
import { FindMyWayRouter, type FindMyWayRouterOptions } from '../src';

function errorOf(options: unknown): RouterError {
  try {
    new FindMyWayRouter(options as FindMyWayRouterOptions);
  } catch (error) {
    expect(error).toBeInstanceOf(RouterError);
    expect((error as RouterError).code).toBe('FRAMEWORK_ERR_ROUTER_INVALID_OPTIONS');
    return error as RouterError;
  }
  throw new Error('expected an error');
}

function routerWithParam(options?: FindMyWayRouterOptions): FindMyWayRouter {
  const router = new FindMyWayRouter(options);
  router.addRoute(new Route('/p/{id}', 'h', ['GET']));
  return router;
}

describe('FindMyWayRouter options', () => {
  it('accepts no options and the contract values of the fixed options', () => {
    expect(() => new FindMyWayRouter()).not.toThrow();
    expect(
      () =>
        new FindMyWayRouter({
          caseSensitive: true,
          ignoreTrailingSlash: false,
          ignoreDuplicateSlashes: false,
          useSemicolonDelimiter: false,
          maxParamLength: 500,
        }),
    ).not.toThrow();
  });

  it.each([
    [
      'caseSensitive',
      false,
      'FindMyWayRouter: option "caseSensitive" must be true (the router contract matches case-sensitively).',
    ],
    [
      'ignoreTrailingSlash',
      true,
      'FindMyWayRouter: option "ignoreTrailingSlash" must be false (the router contract is strict about trailing slashes).',
    ],
    [
      'ignoreDuplicateSlashes',
      true,
      'FindMyWayRouter: option "ignoreDuplicateSlashes" must be false (the router contract keeps duplicate slashes).',
    ],
    [
      'useSemicolonDelimiter',
      true,
      'FindMyWayRouter: option "useSemicolonDelimiter" must be false (the router contract treats ";" as path text).',
    ],
  ])('refuses %s: %p', (key, value, message) => {
    expect(errorOf({ [key]: value }).message).toBe(message);
  });

  it.each([
    'defaultRoute',
    'onBadUrl',
    'onMaxParamLength',
    'querystringParser',
    'constraints',
    'allowUnsafeRegex',
  ])('refuses %s, which has no effect here', (key) => {
    expect(errorOf({ [key]: () => undefined }).message).toBe(
      `FindMyWayRouter: option "${key}" has no effect: match() never calls find-my-way handlers or regex params.`,
    );
  });

  it('refuses an unknown option, listing the known ones', () => {
    expect(errorOf({ caseSensitve: true }).message).toBe(
      'FindMyWayRouter: unknown option "caseSensitve"; known options: maxParamLength, caseSensitive, ignoreTrailingSlash, ignoreDuplicateSlashes, useSemicolonDelimiter.',
    );
  });

  it.each([0, -1, 1.5, Number.NaN, '100'])('refuses maxParamLength %p', (value) => {
    expect(errorOf({ maxParamLength: value }).message).toBe(
      `FindMyWayRouter: option "maxParamLength" must be a positive integer or Infinity, got ${typeof value === 'string' ? JSON.stringify(value) : String(value)}.`,
    );
  });

  it.each([[[]], [null], ['strict'], [100], [true]])(
    'refuses options that are not an object: %p',
    (options) => {
      expect(errorOf(options).message).toBe('FindMyWayRouter: options must be an object.');
    },
  );

  it('accepts a fixed option left undefined, as if it were absent', () => {
    const router = routerWithParam({ caseSensitive: undefined, ignoreTrailingSlash: undefined });
    expect(router.match({ method: 'GET', path: '/p/1' }).getMatchedParams()).toEqual({ id: '1' });
    expect(router.match({ method: 'GET', path: '/P/1' }).isSuccess()).toBe(false);
  });

  it('maxParamLength defaults to 100 characters as received', () => {
    const router = routerWithParam();
    expect(router.match({ method: 'GET', path: `/p/${'x'.repeat(100)}` }).isSuccess()).toBe(true);
    expect(router.match({ method: 'GET', path: `/p/${'x'.repeat(101)}` }).getAllowedMethods()).toBeNull();
    expect(router.match({ method: 'GET', path: `/p/${'%20'.repeat(34)}` }).isSuccess()).toBe(false);
  });

  it('maxParamLength can be raised, or lifted with Infinity', () => {
    expect(
      routerWithParam({ maxParamLength: 500 })
        .match({ method: 'GET', path: `/p/${'x'.repeat(500)}` })
        .isSuccess(),
    ).toBe(true);
    expect(
      routerWithParam({ maxParamLength: 500 })
        .match({ method: 'GET', path: `/p/${'x'.repeat(501)}` })
        .isSuccess(),
    ).toBe(false);
    expect(
      routerWithParam({ maxParamLength: Infinity })
        .match({ method: 'GET', path: `/p/${'x'.repeat(5000)}` })
        .isSuccess(),
    ).toBe(true);
  });

  it('maxParamLength does not limit literal routes', () => {
    const router = new FindMyWayRouter({ maxParamLength: 1 });
    const long = `/${'x'.repeat(300)}`;
    router.addRoute(new Route(long, 'h', ['GET']));
    expect(router.match({ method: 'GET', path: long }).isSuccess()).toBe(true);
  });
});
