import assert from 'node:assert/strict';
import { defineGroup, type ContractGroup } from './contract-group';
import { expectPlainFailure, expectSuccess, inheritedKeys, match, route, routerWith } from './helpers';
import type { ContractContext } from './options';

/** Placeholder values: decoding, names that collide with Object.prototype, placement in a segment. */
export function paramsCases(ctx: ContractContext): ContractGroup {
  return defineGroup('params', (it) => {
    it.each([
      ['%20', 'hello%20world', 'hello world'],
      ['%2F', 'a%2Fb', 'a/b'],
      ['%2f', 'a%2fb', 'a/b'],
      ['%25', '100%25', '100%'],
      ['%3F and %23', 'a%3Fb%23c', 'a?b#c'],
      ['UTF-8', 'caf%C3%A9', 'café'],
      ['%2B', 'a%2Bb', 'a+b'],
      ['"+" (not a space in a path)', 'a+b', 'a+b'],
      ['%252F (decoded once)', 'a%252Fb', 'a%2Fb'],
    ])('decodes %s', (_label, raw, decoded) => {
      const post = route('/post/{id}', ['GET']);
      expectSuccess(match(routerWith(ctx, post), 'GET', `/post/${raw}`), post, { id: decoded });
    });

    it('a value at the start of the path is decoded once: /{name} with /%2541 gives %41', () => {
      const root = route('/{name}', ['GET']);
      expectSuccess(match(routerWith(ctx, root), 'GET', '/%2541'), root, { name: '%41' });
    });

    it('the params object inherits no property', () => {
      const post = route('/post/{id}', ['GET']);
      const params = match(routerWith(ctx, post), 'GET', '/post/1').getMatchedParams();
      assert.deepEqual(inheritedKeys(params), []);
    });

    it('each match gets its own params object', () => {
      const post = route('/post/{id}', ['GET']);
      const router = routerWith(ctx, post);
      const first = match(router, 'GET', '/post/1').getMatchedParams();
      const second = match(router, 'GET', '/post/2').getMatchedParams();
      assert.notEqual(first, second);
      assert.deepEqual({ ...first }, { id: '1' });
    });

    it('a static route yields an empty params object that inherits no property', () => {
      const about = route('/about', ['GET']);
      const params = match(routerWith(ctx, about), 'GET', '/about').getMatchedParams();
      assert.deepEqual(inheritedKeys(params), []);
      assert.deepEqual(Object.keys(params), []);
    });

    it('constructor, __proto__ and toString work as placeholder names', () => {
      const reserved = route('/r/{constructor}/{__proto__}/{toString}', ['GET']);
      const params = match(routerWith(ctx, reserved), 'GET', '/r/a/b/c').getMatchedParams();
      assert.deepEqual(inheritedKeys(params), []);
      assert.deepEqual(Object.keys(params).sort(), ['__proto__', 'constructor', 'toString']);
      assert.equal(params['constructor'], 'a');
      assert.equal(params['__proto__'], 'b');
      assert.equal(params['toString'], 'c');
    });

    it('hasOwnProperty and valueOf work as placeholder names', () => {
      const reserved = route('/r/{hasOwnProperty}-{valueOf}', ['GET']);
      const result = match(routerWith(ctx, reserved), 'GET', '/r/x-y');
      expectSuccess(result, reserved, { hasOwnProperty: 'x', valueOf: 'y' });
    });

    it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'prototype'])(
      '%s works as a literal path segment',
      (segment) => {
        const literal = route(`/${segment}`, ['GET']);
        const nested = route(`/x/${segment}/{id}`, ['GET']);
        const router = routerWith(ctx, literal, nested);
        expectSuccess(match(router, 'GET', `/${segment}`), literal);
        expectSuccess(match(router, 'GET', `/x/${segment}/1`), nested, { id: '1' });
      },
    );

    it.each(['/constructor', '/__proto__', '/toString', '/valueOf', '/hasOwnProperty'])(
      '%s is a plain failure on a router without that route',
      (path) => {
        expectPlainFailure(match(routerWith(ctx, route('/other', ['GET'])), 'GET', path));
      },
    );

    it('a placeholder inside a segment: /api/v{version}/me', () => {
      const me = route('/api/v{version}/me', ['GET']);
      const router = routerWith(ctx, me);
      expectSuccess(match(router, 'GET', '/api/v2/me'), me, { version: '2' });
      expectSuccess(match(router, 'GET', '/api/v2.1/me'), me, { version: '2.1' });
      expectPlainFailure(match(router, 'GET', '/api/v/me'));
      expectPlainFailure(match(router, 'GET', '/api/2/me'));
    });

    it('a placeholder before a literal suffix: /file/{name}.json', () => {
      const file = route('/file/{name}.json', ['GET']);
      const router = routerWith(ctx, file);
      expectSuccess(match(router, 'GET', '/file/report.json'), file, { name: 'report' });
      expectSuccess(match(router, 'GET', '/file/a.b.json'), file, { name: 'a.b' });
      expectPlainFailure(match(router, 'GET', '/file/report.xml'));
      expectPlainFailure(match(router, 'GET', '/file/.json'));
    });

    it('two placeholders in a segment separated by literal text', () => {
      const range = route('/range/{from}-{to}', ['GET']);
      const router = routerWith(ctx, range);
      expectSuccess(match(router, 'GET', '/range/1-5'), range, { from: '1', to: '5' });
      expectPlainFailure(match(router, 'GET', '/range/15'));
    });

    it('a placeholder before a literal that is not a separator: /{name}abc', () => {
      const suffix = route('/p/{name}abc', ['GET']);
      const router = routerWith(ctx, suffix);
      expectSuccess(match(router, 'GET', '/p/xyzabc'), suffix, { name: 'xyz' });
      expectPlainFailure(match(router, 'GET', '/p/abc'));
    });

    it('a placeholder needs at least one character', () => {
      expectPlainFailure(match(routerWith(ctx, route('/post/{id}', ['GET'])), 'GET', '/post/'));
    });

    it('a placeholder never spans "/"', () => {
      const router = routerWith(ctx, route('/post/{id}', ['GET']));
      expectPlainFailure(match(router, 'GET', '/post/a/b'));
    });

    it('several placeholders in several segments', () => {
      const comment = route('/post/{id}/comment/{commentId}', ['GET']);
      const result = match(routerWith(ctx, comment), 'GET', '/post/12/comment/7');
      expectSuccess(result, comment, { id: '12', commentId: '7' });
    });

    it('param values keep their case', () => {
      const post = route('/post/{slug}', ['GET']);
      expectSuccess(match(routerWith(ctx, post), 'GET', '/post/Hello-World'), post, { slug: 'Hello-World' });
    });
  });
}
