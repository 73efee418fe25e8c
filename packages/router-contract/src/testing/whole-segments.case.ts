import { defineGroup, type ContractGroup } from './contract-group';
import { expectPlainFailure, expectSuccess, match, route, routerWith, routerWithLimits } from './helpers';
import type { ContractContext } from './options';

/**
 * Routes whose every placeholder fills a whole segment (`/a/{x}/b/{y}`), which an adapter may match
 * segment by segment instead of with an expression: the answers are those of any other route.
 */
export function wholeSegmentsCases(ctx: ContractContext): ContractGroup {
  return defineGroup('whole-segment placeholders', (it) => {
    const pair = route('/a/{x}/b/{y}', ['GET']);

    it('/a/{x}/b/{y} reads each segment into its placeholder', () => {
      expectSuccess(match(routerWith(ctx, pair), 'GET', '/a/1/b/two'), pair, { x: '1', y: 'two' });
    });

    it.each([
      '/a/1/b',
      '/a/1/b/',
      '/a/1/b/2/',
      '/a/1/b/2/3',
      '/a//b/2',
      '/a/1/b//',
      '//a/1/b/2',
      '/A/1/b/2',
      '/a/1/B/2',
      '/a/1/bb/2',
      '/ab/1/b/2',
      '/a/1/c/2',
      '/a/x/y/b/2',
    ])('/a/{x}/b/{y} does not match %s', (path) => {
      expectPlainFailure(match(routerWith(ctx, pair), 'GET', path));
    });

    it('an encoded slash stays inside its segment and is decoded in the value', () => {
      const router = routerWith(ctx, pair);
      expectSuccess(match(router, 'GET', '/a/x%2Fy/b/%2F'), pair, { x: 'x/y', y: '/' });
    });

    it.each(['%', '%E0%A4', 'a%2', '%G1'])(
      'a malformed escape in the last whole-segment value (%s) is a plain failure',
      (raw) => {
        expectPlainFailure(match(routerWith(ctx, pair, route('/a/{x}/b/{z}', null)), 'GET', `/a/1/b/${raw}`));
      },
    );

    it('maxParamLength holds each whole-segment value, counted as received', () => {
      const router = routerWithLimits(ctx, { maxParamLength: 3 }, pair);
      expectSuccess(match(router, 'GET', '/a/abc/b/%41'), pair, { x: 'abc', y: 'A' });
      expectPlainFailure(match(router, 'GET', '/a/abcd/b/1'));
      expectPlainFailure(match(router, 'GET', '/a/1/b/abcd'));
      expectPlainFailure(match(router, 'GET', '/a/1/b/%41%42'));
    });

    it('a literal segment after the placeholders is compared exactly', () => {
      const edit = route('/post/{id}/edit', ['GET']);
      const router = routerWith(ctx, edit);
      expectSuccess(match(router, 'GET', '/post/7/edit'), edit, { id: '7' });
      for (const path of ['/post/7/Edit', '/post/7/edit/', '/post/7/edits', '/post/7/edi', '/post//edit'])
        expectPlainFailure(match(router, 'GET', path));
    });

    if (ctx.capabilities.tokens) {
      it('a token rejecting a whole-segment value gives way to the next route', () => {
        const numeric = route('/a/{x}/b/{y}', ['GET'], { y: '\\d+' });
        const named = route('/a/{x}/b/{name}', ['GET']);
        const router = routerWith(ctx, numeric, named);
        expectSuccess(match(router, 'GET', '/a/1/b/2'), numeric, { x: '1', y: '2' });
        expectSuccess(match(router, 'GET', '/a/1/b/two'), named, { x: '1', name: 'two' });
      });

      it('a token is matched against the decoded whole-segment value', () => {
        const spaced = route('/tag/{name}', ['GET'], { name: 'a b' });
        const router = routerWith(ctx, spaced);
        expectSuccess(match(router, 'GET', '/tag/a%20b'), spaced, { name: 'a b' });
        expectPlainFailure(match(router, 'GET', '/tag/a+b'));
      });
    }
  });
}
