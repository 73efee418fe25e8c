import assert from 'node:assert/strict';
import { defineGroup, type ContractGroup } from './contract-group';
import { expectPlainFailure, match, route, routerWith } from './helpers';
import type { ContractContext } from './options';

const MALFORMED = ['%E0%A4%A', '%', '%G1', '%E0%A4', 'a%', '%%', '%C0%80', '%ED%A0%80', '%FF', '%2'];

/** A malformed `%` escape never throws out of `match` and is never a success: it is a plain failure. */
export function malformedCases(ctx: ContractContext): ContractGroup {
  return defineGroup('malformed percent-encoding', (it) => {
    it.each(MALFORMED)('/post/%s never throws and is a plain failure', (raw) => {
      const router = routerWith(ctx, route('/post/{id}', ['GET']), route('/post/{id}', ['POST']));
      let result: ReturnType<typeof match> | undefined;
      assert.doesNotThrow(() => {
        result = match(router, 'GET', `/post/${raw}`);
      }, 'match must never throw');
      expectPlainFailure(result as ReturnType<typeof match>);
    });

    it('a malformed escape under another method is a plain failure, not a method failure', () => {
      const router = routerWith(ctx, route('/post/{id}', ['GET']));
      expectPlainFailure(match(router, 'POST', '/post/%E0%A4%A'));
    });

    it('a malformed escape in a segment before a placeholder is a plain failure', () => {
      const router = routerWith(ctx, route('/{a}/{b}', ['GET']));
      expectPlainFailure(match(router, 'GET', '/%/x'));
      expectPlainFailure(match(router, 'GET', '/x/%'));
    });

    it('a malformed escape where a route has only literal text is a plain failure', () => {
      const router = routerWith(ctx, route('/static', ['GET']), route('/{any}', null));
      expectPlainFailure(match(router, 'GET', '/static%'));
    });

    it('the router keeps answering after a malformed path', () => {
      const post = route('/post/{id}', ['GET']);
      const router = routerWith(ctx, post);
      match(router, 'GET', '/post/%');
      assert.equal(match(router, 'GET', '/post/1').getMatchedParams()['id'], '1');
    });
  });
}
