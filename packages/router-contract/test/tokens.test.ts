import { describe, expect, it } from '@jest/globals';
import { RouterError, compileTokens, parsePathTemplate } from '../src';

const template = parsePathTemplate('/post/{id}/{slug}');

function messageOf(tokens: unknown, on = template): string {
  try {
    compileTokens(on, tokens);
  } catch (error) {
    expect(error).toBeInstanceOf(RouterError);
    expect((error as RouterError).code).toBe('FRAMEWORK_ERR_ROUTE_INVALID_OPTIONS');
    return (error as Error).message;
  }
  throw new Error('expected an error');
}

describe('compileTokens', () => {
  it('returns an empty null-prototype map without tokens', () => {
    const compiled = compileTokens(template, undefined);
    expect(Object.getPrototypeOf(compiled)).toBeNull();
    expect(Object.keys(compiled)).toEqual([]);
  });

  it('anchors each expression to the whole value, alternation included', () => {
    const compiled = compileTokens(template, { id: '\\d+', slug: 'a|b' });
    expect(compiled['id']?.source).toBe('^(?:\\d+)$');
    expect(compiled['id']?.test('12')).toBe(true);
    expect(compiled['id']?.test('x12')).toBe(false);
    expect(compiled['slug']?.test('a')).toBe(true);
    expect(compiled['slug']?.test('ab')).toBe(false);
  });

  it('keys the result by placeholder names such as constructor without touching the prototype', () => {
    const compiled = compileTokens(parsePathTemplate('/{constructor}'), { constructor: '\\w+' });
    expect(Object.getPrototypeOf(compiled)).toBeNull();
    expect(compiled['constructor']).toBeInstanceOf(RegExp);
  });

  it.each([null, [], 'x', 1])('rejects tokens %p that are not an object', (tokens) => {
    expect(messageOf(tokens)).toBe(
      'Route "/post/{id}/{slug}": option "tokens" must map placeholder names to regular expressions.',
    );
  });

  it('rejects a token naming no placeholder, listing the placeholders', () => {
    expect(messageOf({ nope: '\\d+' })).toBe(
      'Route "/post/{id}/{slug}": token "nope" names no placeholder; placeholders: id, slug.',
    );
    expect(messageOf({ id: '\\d+' }, parsePathTemplate('/static'))).toBe(
      'Route "/static": token "id" names no placeholder; placeholders: none.',
    );
  });

  it.each([['' as unknown], [3], [null], [/\d+/]])(
    'rejects a token value %p that is not a non-empty string',
    (value) => {
      expect(messageOf({ id: value })).toBe(
        'Route "/post/{id}/{slug}": token "id" must be a non-empty regular-expression string.',
      );
    },
  );

  it('rejects an invalid regular expression with the engine message', () => {
    expect(messageOf({ id: '(' })).toBe(
      'Route "/post/{id}/{slug}": token "id" is not a valid regular expression: Invalid regular expression: /^(?:()$/: Unterminated group',
    );
  });
});
