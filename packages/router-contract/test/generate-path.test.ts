import { describe, expect, it } from '@jest/globals';
import { Route, RouterError, decodePathParam, generatePath, unknownRouteError, uriParams } from '../src';

function errorOf(fn: () => unknown): RouterError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(RouterError);
    return error as RouterError;
  }
  throw new Error('expected an error');
}

describe('generatePath', () => {
  it('returns a static path unchanged', () => {
    expect(generatePath(new Route('/caf%C3%A9/(x)', 'h'))).toBe('/caf%C3%A9/(x)');
  });

  it('substitutes and percent-encodes values', () => {
    const route = new Route('/post/{id}/{slug}.json', 'h');
    expect(generatePath(route, { id: 12, slug: 'a b/ü' })).toBe('/post/12/a%20b%2F%C3%BC.json');
  });

  it('names every missing, null, undefined or empty value', () => {
    const route = new Route('/{a}/{b}/{c}/{d}', 'h', ['GET'], 'four');
    const error = errorOf(() => generatePath(route, { a: null, b: undefined, c: '', d: 0 }));
    expect(error.code).toBe('FRAMEWORK_ERR_ROUTER_MISSING_PARAMS');
    expect(error.message).toBe('Route "four" needs a value for: a, b, c.');
  });

  it('ignores inherited properties', () => {
    const route = new Route('/{toString}', 'h', null, 't');
    expect(errorOf(() => generatePath(route, {})).message).toBe('Route "t" needs a value for: toString.');
  });

  it('checks values against tokens before encoding', () => {
    const route = new Route('/tag/{name}', 'h', ['GET'], 'tag').setOptions({ tokens: { name: '[a-z ]+' } });
    expect(generatePath(route, { name: 'a b' })).toBe('/tag/a%20b');
    const error = errorOf(() => generatePath(route, { name: 'A' }));
    expect(error.code).toBe('FRAMEWORK_ERR_ROUTER_PARAM_MISMATCH');
    expect(error.message).toBe('Route "tag": value "A" for {name} does not match ^(?:[a-z ]+)$.');
  });
});

describe('uriParams and generatePath refuse values that change the path', () => {
  it('names a value making a whole segment "." or "..", and passes other dotted values', () => {
    const route = new Route('/a/{x}/b/{y}.{z}', 'h', ['GET'], 'r');
    const error = errorOf(() => generatePath(route, { x: '..', y: 'ok', z: 'ok' }));
    expect(error.code).toBe('FRAMEWORK_ERR_ROUTER_PARAM_MISMATCH');
    expect(error.message).toBe(
      'Route "r": value ".." for {x} would make the segment "..", which a client resolves to another path.',
    );
    expect(errorOf(() => uriParams(route, { x: '.', y: 'ok', z: 'ok' })).message).toContain('segment "."');
    expect(generatePath(route, { x: '..a', y: '.', z: '.' })).toBe('/a/..a/b/...');
  });

  it('counts the text of the template in the segment a value fills', () => {
    const route = new Route('/{x}./{y}', 'h', ['GET'], 'dots');
    expect(errorOf(() => generatePath(route, { x: '.', y: 'z' })).message).toBe(
      'Route "dots": value "." for {x} would make the segment "..", which a client resolves to another path.',
    );
    expect(generatePath(route, { x: 'a', y: '.b' })).toBe('/a./.b');
  });

  it('refuses a lone surrogate with the router error, not a URIError', () => {
    const route = new Route('/tag/{name}', 'h', ['GET'], 'tag');
    const error = errorOf(() => generatePath(route, { name: '\uDC00x' }));
    expect(error.code).toBe('FRAMEWORK_ERR_ROUTER_PARAM_MISMATCH');
    expect(error.message).toContain('not well-formed Unicode');
  });
});

describe('unknownRouteError', () => {
  it('names the route', () => {
    const error = unknownRouteError('blog.post');
    expect(error.code).toBe('FRAMEWORK_ERR_ROUTER_UNKNOWN_ROUTE');
    expect(error.message).toBe('No route is named "blog.post".');
  });
});

describe('decodePathParam', () => {
  it.each([
    ['plain', 'plain'],
    ['a%20b', 'a b'],
    ['a%2Fb', 'a/b'],
    ['100%25', '100%'],
    ['caf%C3%A9', 'café'],
    ['a+b', 'a+b'],
  ])('decodes %p', (raw, decoded) => {
    expect(decodePathParam(raw)).toBe(decoded);
  });

  it.each(['%', '%E0%A4%A', '%G1', '%C0%80', '%ED%A0%80'])('returns undefined for malformed %p', (raw) => {
    expect(decodePathParam(raw)).toBeUndefined();
  });
});
