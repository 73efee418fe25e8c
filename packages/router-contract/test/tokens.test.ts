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

describe('compileTokens: unsafe expressions', () => {
  const template = parsePathTemplate('/redos/{v}');

  it.each(['(a+)+$', '(a*)*', '(.*a){12}', '([a-z]+)+', '(\\d|\\d\\d)+', '(a|a)*', '(\\d|\\d\\d){1,20}'])(
    'refuses %s, naming route, placeholder and expression',
    (source) => {
      let thrown: unknown;
      try {
        compileTokens(template, { v: source });
      } catch (error) {
        thrown = error;
      }
      expect((thrown as RouterError).code).toBe('FRAMEWORK_ERR_ROUTE_UNSAFE_TOKEN');
      expect((thrown as RouterError).message).toBe(
        `Route "/redos/{v}": token "v" ${JSON.stringify(source)} may backtrack catastrophically (a repeated ` +
          'part can match one text in two ways); rewrite it so each text has one way to match, or set ' +
          'allowUnsafeRegex: true to accept the risk.',
      );
    },
  );

  it('accepts them with allowUnsafeRegex, anchored as any token', () => {
    const compiled = compileTokens(template, { v: '(a+)+$' }, { allowUnsafeRegex: true });
    expect(compiled.v?.test('aaa')).toBe(true);
    expect(compiled.v?.test('aab')).toBe(false);
  });

  it.each([
    '\\d+',
    '[a-z-]+',
    'json|xml|csv',
    '[^.]+',
    'v\\d+\\.?\\d*',
    'v\\d+(\\.\\d+)?',
    '[a-z0-9]+(?:-[a-z0-9]+)*',
    '(a|ab)*',
    '[0-9a-f]{8}-[0-9a-f]{4}',
  ])('accepts the safe %s, whose every text has one way to match', (source) => {
    expect(compileTokens(template, { v: source }).v).toBeInstanceOf(RegExp);
  });
});
