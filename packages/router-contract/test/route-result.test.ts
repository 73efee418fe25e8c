import { describe, expect, it } from '@jest/globals';
import { Route, RouteResult, createMatchParams } from '../src';
import { inheritedKeys } from '../src/testing/helpers';

const route = new Route('/post/{id}', 'PostHandler', ['GET', 'POST'], 'post');

describe('RouteResult', () => {
  it('fromRoute is a success carrying the route, name and params', () => {
    const result = RouteResult.fromRoute(route, { id: '12' });
    expect(result.isSuccess()).toBe(true);
    expect(result.isFailure()).toBe(false);
    expect(result.isMethodFailure()).toBe(false);
    expect(result.getMatchedRoute()).toBe(route);
    expect(result.getMatchedRouteName()).toBe('post');
    expect({ ...result.getMatchedParams() }).toEqual({ id: '12' });
    expect(result.getAllowedMethods()).toEqual(['GET', 'POST']);
  });

  it('fromRoute copies params with a prototype into an object that inherits nothing', () => {
    const params = { id: '12' };
    const copied = RouteResult.fromRoute(route, params).getMatchedParams();
    expect(copied).not.toBe(params);
    expect(inheritedKeys(copied)).toEqual([]);
    params.id = '13';
    expect(copied['id']).toBe('12');
  });

  it('fromRoute takes a null-prototype params object as is', () => {
    const params: Record<string, string> = Object.create(null);
    params['id'] = '12';
    expect(RouteResult.fromRoute(route, params).getMatchedParams()).toBe(params);
  });

  it('fromRoute takes a createMatchParams object as is', () => {
    const params = createMatchParams();
    params['id'] = '12';
    expect(RouteResult.fromRoute(route, params).getMatchedParams()).toBe(params);
  });

  it('fromRoute copies an object whose prototype inherits nothing but was not made by createMatchParams', () => {
    const params: Record<string, string> = Object.create(Object.create(null));
    params['id'] = '12';
    const copied = RouteResult.fromRoute(route, params).getMatchedParams();
    expect(copied).not.toBe(params);
    expect({ ...copied }).toEqual({ id: '12' });
  });

  it('fromRoute keeps a __proto__ param as an own key', () => {
    const params: Record<string, string> = Object.create(null);
    params['__proto__'] = 'x';
    const copied = RouteResult.fromRoute(route, params).getMatchedParams();
    expect(Object.keys(copied)).toEqual(['__proto__']);
    expect(copied['__proto__']).toBe('x');
    expect(inheritedKeys(copied)).toEqual([]);
  });

  it('fromRoute without params gives empty params', () => {
    expect(Object.keys(RouteResult.fromRoute(route).getMatchedParams())).toEqual([]);
  });

  it('a success on a route without a method list reports null allowed methods', () => {
    expect(RouteResult.fromRoute(new Route('/any', 'h')).getAllowedMethods()).toBeNull();
  });

  it('fromRouteFailure with a list is a method failure', () => {
    const result = RouteResult.fromRouteFailure(['GET', 'POST']);
    expect(result.isSuccess()).toBe(false);
    expect(result.isFailure()).toBe(true);
    expect(result.isMethodFailure()).toBe(true);
    expect(result.getAllowedMethods()).toEqual(['GET', 'POST']);
    expect(result.getMatchedRoute()).toBeUndefined();
    expect(result.getMatchedRouteName()).toBeUndefined();
  });

  it('fromRouteFailure([]) is a method failure with no methods', () => {
    const result = RouteResult.fromRouteFailure([]);
    expect(result.isMethodFailure()).toBe(true);
    expect(result.getAllowedMethods()).toEqual([]);
  });

  it('fromRouteFailure(null) is a plain failure', () => {
    const result = RouteResult.fromRouteFailure(null);
    expect(result.isFailure()).toBe(true);
    expect(result.isMethodFailure()).toBe(false);
    expect(result.getAllowedMethods()).toBeNull();
    expect(Object.getPrototypeOf(result.getMatchedParams())).toBeNull();
  });

  it('fromRouteFailure copies and freezes the list', () => {
    const allowed = ['GET'];
    const result = RouteResult.fromRouteFailure(allowed);
    allowed.push('POST');
    expect(result.getAllowedMethods()).toEqual(['GET']);
    expect(Object.isFrozen(result.getAllowedMethods())).toBe(true);
  });
});
