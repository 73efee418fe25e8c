import { describe, expect, it } from '@jest/globals';
import {
  EMPTY_LIST_EXPLICIT_METHODS,
  EXPLICIT_METHODS,
  HTTP_METHOD_ANY,
  RouterError,
  normalizeMethods,
} from '../src';

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(RouterError);
    expect((error as RouterError).code).toBe('FRAMEWORK_ERR_ROUTE_INVALID_METHOD');
    return (error as Error).message;
  }
  throw new Error('expected an error');
}

describe('normalizeMethods', () => {
  it('returns null for null and undefined', () => {
    expect(normalizeMethods(null)).toBeNull();
    expect(normalizeMethods(undefined)).toBeNull();
    expect(HTTP_METHOD_ANY).toBeNull();
  });

  it('returns a new empty array for []', () => {
    const input: string[] = [];
    const output = normalizeMethods(input);
    expect(output).toEqual([]);
    expect(output).not.toBe(input);
  });

  it('upper-cases, keeps order and drops repeats', () => {
    expect(normalizeMethods(['patch', 'GET', 'get', 'Patch', 'M-SEARCH'])).toEqual([
      'PATCH',
      'GET',
      'M-SEARCH',
    ]);
  });

  it('accepts custom method tokens', () => {
    expect(normalizeMethods(['PURGE', 'x-custom', "A!#$%&'*+-.^_`|~9"])).toEqual([
      'PURGE',
      'X-CUSTOM',
      "A!#$%&'*+-.^_`|~9",
    ]);
  });

  it.each([
    ['', 'Invalid HTTP method "": a method is a token of letters, digits and !#$%&\'*+-.^_`|~.'],
    [
      'GET POST',
      'Invalid HTTP method "GET POST": a method is a token of letters, digits and !#$%&\'*+-.^_`|~.',
    ],
    ['GET\n', 'Invalid HTTP method "GET\\n": a method is a token of letters, digits and !#$%&\'*+-.^_`|~.'],
    ['GÉT', 'Invalid HTTP method "GÉT": a method is a token of letters, digits and !#$%&\'*+-.^_`|~.'],
    ['(GET)', 'Invalid HTTP method "(GET)": a method is a token of letters, digits and !#$%&\'*+-.^_`|~.'],
  ])('rejects %p', (method, message) => {
    expect(messageOf(() => normalizeMethods([method]))).toBe(message);
  });

  it('rejects a method that is not a string', () => {
    expect(messageOf(() => normalizeMethods([42 as unknown as string]))).toBe(
      "Invalid HTTP method 42: a method is a token of letters, digits and !#$%&'*+-.^_`|~.",
    );
  });

  it('rejects a list that is not an array', () => {
    expect(messageOf(() => normalizeMethods('GET' as unknown as string[]))).toBe(
      'Route methods must be an array of method names or null, got string.',
    );
  });
});

describe('method lists of explicit-method routers', () => {
  it('EXPLICIT_METHODS lists the eight methods of spec 4.3.2 in order', () => {
    expect(EXPLICIT_METHODS).toEqual(['HEAD', 'OPTIONS', 'GET', 'POST', 'PATCH', 'PUT', 'TRACE', 'DELETE']);
    expect(Object.isFrozen(EXPLICIT_METHODS)).toBe(true);
  });

  it('EMPTY_LIST_EXPLICIT_METHODS is GET, HEAD, OPTIONS', () => {
    expect(EMPTY_LIST_EXPLICIT_METHODS).toEqual(['GET', 'HEAD', 'OPTIONS']);
    expect(Object.isFrozen(EMPTY_LIST_EXPLICIT_METHODS)).toBe(true);
  });
});
