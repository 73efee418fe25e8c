import { describe, expect, it } from '@jest/globals';
import { Route, RouterError } from '../src';

const noop = (): void => undefined;

function errorOf(fn: () => unknown): RouterError {
  try {
    fn();
  } catch (error) {
    return error as RouterError;
  }
  throw new Error('expected an error');
}

describe('Route', () => {
  it('names a route without a method list after its path', () => {
    expect(new Route('/post/{id}', noop).getName()).toBe('/post/{id}');
    expect(new Route('/post/{id}', noop, null).getName()).toBe('/post/{id}');
  });

  it('names a route with methods path^GET:POST', () => {
    expect(new Route('/post', noop, ['GET', 'POST']).getName()).toBe('/post^GET:POST');
    expect(new Route('/post', noop, ['post', 'get']).getName()).toBe('/post^POST:GET');
  });

  it('names a route with an empty method list path^', () => {
    expect(new Route('/post', noop, []).getName()).toBe('/post^');
  });

  it('keeps an explicit name', () => {
    expect(new Route('/post', noop, ['GET'], 'post.list').getName()).toBe('post.list');
  });

  it('treats a null name as absent', () => {
    expect(new Route('/post', noop, ['GET'], null).getName()).toBe('/post^GET');
  });

  it('upper-cases methods and drops repeats, keeping the first position', () => {
    expect(new Route('/p', noop, ['get', 'Post', 'GET']).getAllowedMethods()).toEqual(['GET', 'POST']);
  });

  it('freezes the method list', () => {
    expect(Object.isFrozen(new Route('/p', noop, ['GET']).getAllowedMethods())).toBe(true);
  });

  it('tells [] (none listed) from null (any method)', () => {
    const none = new Route('/p', noop, []);
    const any = new Route('/p', noop);
    expect(none.getAllowedMethods()).toEqual([]);
    expect(none.allowsAnyMethod()).toBe(false);
    expect(none.allowsMethod('GET')).toBe(false);
    expect(none.allowsMethod('HEAD')).toBe(false);
    expect(any.getAllowedMethods()).toBeNull();
    expect(any.allowsAnyMethod()).toBe(true);
    expect(any.allowsMethod('PURGE')).toBe(true);
  });

  it('answers allowsMethod case-insensitively and does not imply HEAD or OPTIONS', () => {
    const get = new Route('/p', noop, ['GET']);
    expect(get.allowsMethod('get')).toBe(true);
    expect(get.allowsMethod('HEAD')).toBe(false);
    expect(get.allowsMethod('OPTIONS')).toBe(false);
  });

  it('rejects a method that is not a token', () => {
    const error = errorOf(() => new Route('/p', noop, ['GET POST']));
    expect(error).toBeInstanceOf(RouterError);
    expect(error.code).toBe('FRAMEWORK_ERR_ROUTE_INVALID_METHOD');
    expect(error.message).toBe(
      'Invalid HTTP method "GET POST": a method is a token of letters, digits and !#$%&\'*+-.^_`|~.',
    );
  });

  it('exposes path, middleware and parsed template', () => {
    const route = new Route('/post/{id}', 'PostHandler', ['GET']);
    expect(route.getPath()).toBe('/post/{id}');
    expect(route.getMiddleware()).toBe('PostHandler');
    expect(route.template.paramNames).toEqual(['id']);
  });

  it('rejects an invalid path when constructed', () => {
    expect(errorOf(() => new Route('post', noop)).message).toBe(
      'Invalid route path "post": the path must start with "/".',
    );
  });

  it('setName replaces the name and returns the route', () => {
    const route = new Route('/p', noop);
    expect(route.setName('p')).toBe(route);
    expect(route.getName()).toBe('p');
  });

  it('setName rejects an empty name', () => {
    const error = errorOf(() => new Route('/p', noop).setName(''));
    expect(error.code).toBe('FRAMEWORK_ERR_ROUTE_INVALID_OPTIONS');
    expect(error.message).toBe('A route name must be a non-empty string.');
  });

  it('starts with empty frozen options and no tokens', () => {
    const route = new Route('/p/{id}', noop);
    expect(route.getOptions()).toEqual({});
    expect(Object.isFrozen(route.getOptions())).toBe(true);
    expect(Object.keys(route.getTokens())).toEqual([]);
  });

  it('setOptions stores a frozen copy, compiles tokens and returns the route', () => {
    const route = new Route('/p/{id}', noop);
    const options = { tokens: { id: '\\d+' }, custom: 1 };
    expect(route.setOptions(options)).toBe(route);
    expect(route.getOptions()).toEqual(options);
    expect(route.getOptions()).not.toBe(options);
    expect(Object.isFrozen(route.getOptions())).toBe(true);
    expect(route.getTokens()['id']?.test('12')).toBe(true);
    expect(route.getTokens()['id']?.test('12a')).toBe(false);
  });

  it('setOptions without tokens clears earlier tokens', () => {
    const route = new Route('/p/{id}', noop).setOptions({ tokens: { id: '\\d+' } });
    route.setOptions({});
    expect(Object.keys(route.getTokens())).toEqual([]);
  });

  it.each([null, [], 'tokens', 3])('setOptions rejects %p', (options) => {
    const error = errorOf(() => new Route('/p', noop).setOptions(options as never));
    expect(error.code).toBe('FRAMEWORK_ERR_ROUTE_INVALID_OPTIONS');
    expect(error.message).toBe('Route options must be an object.');
  });

  it('a failing setOptions leaves the previous options in place', () => {
    const route = new Route('/p/{id}', noop).setOptions({ tokens: { id: '\\d+' } });
    expect(() => route.setOptions({ tokens: { nope: 'x' } })).toThrow(RouterError);
    expect(route.getOptions()).toEqual({ tokens: { id: '\\d+' } });
    expect(route.getTokens()['id']?.source).toBe('^(?:\\d+)$');
  });
});
