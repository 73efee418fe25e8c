import { describe, expect, test } from '@jest/globals';
import { Route, RouteResult } from '@framework/router-contract';
import { ROUTE_RESULT_ATTRIBUTE, ServerRequest } from '../src';

const make = (url: string, init?: RequestInit) => ServerRequest.fromRequest(new Request(url, init));

describe('ServerRequest', () => {
  test('exposes method, url, path, query and headers', () => {
    const request = make('http://example.test/a/b%20c?x=1&x=2&y=z#frag', { headers: { 'X-Thing': 'v' } });
    expect(request.method).toBe('GET');
    expect(request.url).toBe('http://example.test/a/b%20c?x=1&x=2&y=z#frag');
    expect(request.path).toBe('/a/b%20c');
    expect(request.search).toBe('x=1&x=2&y=z');
    expect(request.query).toEqual({ x: ['1', '2'], y: 'z' });
    expect(Object.getPrototypeOf(request.query)).toBeNull();
    expect(request.headers['x-thing']).toBe('v');
    expect(request.header('X-Thing')).toBe('v');
  });

  test.each([
    ['http://example.test', '/', ''],
    ['http://example.test/', '/', ''],
    ['https://example.test:8443/a/b', '/a/b', ''],
    ['http://example.test/a?', '/a', ''],
    ['http://example.test/a?x=1#f?y', '/a', 'x=1'],
    ['http://example.test/a#f?y=2', '/a', ''],
    ['http://example.test/?x=/b', '/', 'x=/b'],
    ['http://example.test//double/slash?q', '//double/slash', 'q'],
  ])('splits the runtime URL %s into path %s and query %s', (url, path, search) => {
    const request = make(url);
    expect([request.path, request.search, request.originalPath]).toEqual([path, search, path]);
  });

  test('is immutable: with* return new requests, the original is unchanged', () => {
    const request = make('http://x/path');
    const changed = request.withAttribute('user', 'ann').withMethod('post').withPath('/other', '/base');
    expect(changed.getAttribute('user')).toBe('ann');
    expect(changed.method).toBe('POST');
    expect([changed.path, changed.basePath, changed.originalPath]).toEqual(['/other', '/base', '/path']);
    expect(request.getAttribute('user', 'nobody')).toBe('nobody');
    expect([request.method, request.path, request.basePath]).toEqual(['GET', '/path', '']);
    const removed = changed.withoutAttribute('user');
    expect(removed.getAttribute('user', 'gone')).toBe('gone');
    expect(changed.getAttribute('user')).toBe('ann');
  });

  test('attribute names are plain keys, even __proto__', () => {
    const request = make('http://x/').withAttribute('__proto__', 1).withAttributes({ constructor: 2, a: 3 });
    expect(request.getAttribute('__proto__')).toBe(1);
    expect(request.getAttribute('constructor')).toBe(2);
    expect(request.getAttribute('toString', 'none')).toBe('none');
    expect(request.getAttributes()).toEqual(
      Object.assign(Object.create(null), { a: 3, constructor: 2, ['__proto__']: 1 }),
    );
  });

  test('a route result reads as attributes (the result and each param), shadowed and removed like others', () => {
    const result = RouteResult.fromRoute(new Route('/post/{id}', () => undefined, ['GET']), { id: '7' });
    const routed = make('http://x/post/7').withAttribute('id', 'before').withRouteResult(result);
    const none = Object.create(null) as Record<string, string>;
    expect(routed.params).toEqual(Object.assign(Object.create(null), { id: '7' }));
    expect(routed.getAttribute('id')).toBe('7');
    expect(routed.getAttribute(ROUTE_RESULT_ATTRIBUTE)).toBe(result);
    expect(routed.getAttribute('toString', 'none')).toBe('none');
    expect(routed.withMethod('head').withPath('/7', '/post').getAttribute('id')).toBe('7');
    expect(routed.withBodyLimit(10).params).toBe(result.getMatchedParams());
    expect(routed.withAttribute('id', 'after').getAttribute('id')).toBe('after');
    expect(routed.withoutAttribute('id').getAttribute('id', 'gone')).toBe('gone');
    expect(routed.withoutAttribute(ROUTE_RESULT_ATTRIBUTE).params).toEqual(none);
    expect(routed.getAttributes()).toEqual(
      Object.assign(Object.create(null), { id: '7', [ROUTE_RESULT_ATTRIBUTE]: result }),
    );
    expect([routed.getAttribute('id'), routed.params.id]).toEqual(['7', '7']); // after the listing too
    const rerouted = routed.withRouteResult(RouteResult.fromRoute(new Route('/a', () => undefined), {}));
    expect(rerouted.getAttribute('id')).toBe('7'); // the earlier route's params stay below
    expect(rerouted.params).toEqual(none);
  });

  test('the body is read once and shared by derived requests', async () => {
    const request = make('http://x/', {
      method: 'POST',
      body: '{"n":1}',
      headers: { 'content-type': 'application/json' },
    });
    expect(await request.text()).toBe('{"n":1}');
    expect(await request.withAttribute('a', 1).json()).toEqual({ n: 1 });
    expect(new Uint8Array(await request.arrayBuffer())).toEqual(new TextEncoder().encode('{"n":1}'));
  });

  test('toRequest() gives a WHATWG Request with this level path and the body', async () => {
    const request = make('http://x/api/items?q=1', { method: 'POST', body: 'payload', headers: { a: 'b' } });
    const web = request.withPath('/items', '/api').toRequest();
    expect(web.url).toBe('http://x/items?q=1');
    expect(web.method).toBe('POST');
    expect(web.headers.get('a')).toBe('b');
    expect(await web.text()).toBe('payload');
    expect(await request.text()).toBe('payload');
    expect(make('http://x/').toRequest().body).toBeNull();
  });
});
