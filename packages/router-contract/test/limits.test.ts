import { describe, expect, it } from '@jest/globals';
import {
  DEFAULT_MAX_PARAM_LENGTH,
  RouterError,
  longestPath,
  parsePathTemplate,
  resolveMaxParamLength,
  resolveRouterLimits,
} from '../src';

function errorOf(fn: () => unknown): RouterError {
  try {
    fn();
  } catch (error) {
    return error as RouterError;
  }
  throw new Error('expected a RouterError');
}

describe('router limits', () => {
  it('maxParamLength defaults to DEFAULT_MAX_PARAM_LENGTH, 100', () => {
    expect(DEFAULT_MAX_PARAM_LENGTH).toBe(100);
    expect(resolveRouterLimits(undefined, 'R')).toEqual({ maxParamLength: 100 });
    expect(resolveRouterLimits({}, 'R')).toEqual({ maxParamLength: 100 });
    expect(resolveMaxParamLength(undefined, 'R')).toBe(100);
  });

  it('accepts a positive integer or Infinity', () => {
    expect(resolveRouterLimits({ maxParamLength: 1 }, 'R')).toEqual({ maxParamLength: 1 });
    expect(resolveRouterLimits({ maxParamLength: Infinity }, 'R')).toEqual({ maxParamLength: Infinity });
  });

  it.each([
    [0, '0'],
    [-1, '-1'],
    [1.5, '1.5'],
    [Number.NaN, 'NaN'],
    [-Infinity, '-Infinity'],
    ['100', '"100"'],
    [null, 'null'],
    [{}, 'an object'],
    [[5], 'an array'],
    [() => 5, 'a function'],
  ])('refuses maxParamLength %p, naming the adapter', (value, shown) => {
    const error = errorOf(() => resolveRouterLimits({ maxParamLength: value }, 'MyRouter'));
    expect(error.code).toBe('FRAMEWORK_ERR_ROUTER_INVALID_OPTIONS');
    expect(error.message).toBe(
      `MyRouter: option "maxParamLength" must be a positive integer or Infinity, got ${shown}.`,
    );
  });

  it('refuses an unknown option and options that are not an object', () => {
    expect(errorOf(() => resolveRouterLimits({ maxParamLenght: 5 }, 'MyRouter')).message).toBe(
      'MyRouter: unknown option "maxParamLenght"; known options: maxParamLength.',
    );
    for (const options of [[], null, 'maxParamLength=5', 5]) {
      expect(errorOf(() => resolveRouterLimits(options, 'MyRouter')).message).toBe(
        'MyRouter: options must be an object.',
      );
    }
  });

  it('longestPath adds the literal text and maxParamLength per placeholder', () => {
    expect(longestPath(parsePathTemplate('/files/{name}.{ext}'), 100)).toBe(208);
    expect(longestPath(parsePathTemplate('/a/{b}/c'), Infinity)).toBe(Infinity);
  });
});
