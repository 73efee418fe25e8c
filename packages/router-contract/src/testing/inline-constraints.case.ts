import assert from 'node:assert/strict';
import { defineGroup, type ContractGroup } from './contract-group';
import { assertRouterSupports } from '../router-capabilities';
import {
  expectMethodFailure,
  expectPlainFailure,
  expectRouterError,
  expectSuccess,
  match,
  route,
  routerWith,
  routerWithLimits,
} from './helpers';
import type { ContractContext } from './options';

/**
 * Inline constraints (`/notes/{id:\d+}`), each the same as a `tokens` entry for that placeholder. With
 * the `inlineConstraints` capability off, the router must not declare them, so the application refuses
 * such a route with `FRAMEWORK_ERR_ROUTER_UNSUPPORTED_SYNTAX` instead of letting it misroute.
 */
export function inlineConstraintsCases(ctx: ContractContext): ContractGroup {
  return defineGroup('inline constraints', (it) => {
    if (!ctx.capabilities.inlineConstraints) {
      it('the router does not declare inline constraints, so a route holding one is refused', () => {
        const router = ctx.createRouter();
        assert.notEqual(router.capabilities?.inlineConstraints, true);
        assertRouterSupports(router, route('/notes/{id}', ['GET']));
        expectRouterError(
          () => assertRouterSupports(router, route('/notes/{id:\\d+}', ['GET'])),
          'FRAMEWORK_ERR_ROUTER_UNSUPPORTED_SYNTAX',
          `Route "/notes/{id:\\\\d+}": placeholder {id} has an inline constraint, which ${
            (router as object).constructor.name
          } does not declare support for (capabilities.inlineConstraints); write it as a token: ` +
            'setOptions({ tokens: { id: "\\\\d+" } }).',
        );
      });
      return;
    }

    it('the router declares capabilities.inlineConstraints', () => {
      const router = ctx.createRouter();
      assert.equal(router.capabilities?.inlineConstraints, true);
      assertRouterSupports(router, route('/notes/{id:\\d+}', ['GET']));
    });

    it('/notes/{id:\\d+} matches /notes/42', () => {
      const note = route('/notes/{id:\\d+}', ['GET']);
      expectSuccess(match(routerWith(ctx, note), 'GET', '/notes/42'), note, { id: '42' });
    });

    it.each(['/notes/abc', '/notes/42abc', '/notes/a42', '/notes/', '/notes/4/2'])(
      '/notes/{id:\\d+} does not match %s',
      (path) => {
        expectPlainFailure(match(routerWith(ctx, route('/notes/{id:\\d+}', ['GET'])), 'GET', path));
      },
    );

    it('braces inside a constraint pair up: {id:\\d{2,4}} takes 2 to 4 digits', () => {
      const code = route('/c/{id:\\d{2,4}}', ['GET']);
      const router = routerWith(ctx, code);
      expectSuccess(match(router, 'GET', '/c/12'), code, { id: '12' });
      expectSuccess(match(router, 'GET', '/c/1234'), code, { id: '1234' });
      expectPlainFailure(match(router, 'GET', '/c/1'));
      expectPlainFailure(match(router, 'GET', '/c/12345'));
    });

    it('a failing constraint lets a later route with the same shape match', () => {
      const byId = route('/post/{id:\\d+}', ['GET']);
      const bySlug = route('/post/{slug}', ['GET']);
      const router = routerWith(ctx, byId, bySlug);
      expectSuccess(match(router, 'GET', '/post/12'), byId, { id: '12' });
      expectSuccess(match(router, 'GET', '/post/hello'), bySlug, { slug: 'hello' });
    });

    it('a route whose constraint fails does not count as an allowed method', () => {
      const router = routerWith(ctx, route('/post/{id:\\d+}', ['PUT']), route('/post/{slug}', ['PATCH']));
      expectMethodFailure(match(router, 'GET', '/post/12'), ['PUT', 'PATCH']);
      expectMethodFailure(match(router, 'GET', '/post/abc'), ['PATCH']);
    });

    it('constraints inside a segment and beside free placeholders', () => {
      const versioned = route('/api/v{version:\\d+}/{lang:en|fr}/{page}', ['GET']);
      const router = routerWith(ctx, versioned);
      expectSuccess(match(router, 'GET', '/api/v2/fr/home'), versioned, {
        version: '2',
        lang: 'fr',
        page: 'home',
      });
      expectPlainFailure(match(router, 'GET', '/api/vx/fr/home'));
      expectPlainFailure(match(router, 'GET', '/api/v2/de/home'));
    });

    it('a constraint steers the split of a segment as a token does', () => {
      const file = route('/f/{name:[^.]+}.{ext}', ['GET']);
      expectSuccess(match(routerWith(ctx, file), 'GET', '/f/a.b.c'), file, { name: 'a', ext: 'b.c' });
    });

    it('a constraint is checked against the percent-decoded value', () => {
      const tag = route('/tag/{name:[a-z ]+}', ['GET']);
      const router = routerWith(ctx, tag);
      expectSuccess(match(router, 'GET', '/tag/hello%20world'), tag, { name: 'hello world' });
      expectPlainFailure(match(router, 'GET', '/tag/hello%2Dworld'));
    });

    it('maxParamLength bounds a constrained value', () => {
      const note = route('/n/{id:\\d+}', ['GET']);
      const router = routerWithLimits(ctx, { maxParamLength: 3 }, note);
      expectSuccess(match(router, 'GET', '/n/123'), note, { id: '123' });
      expectPlainFailure(match(router, 'GET', '/n/1234'));
    });

    it('generateUri leaves the constraint out of the path and checks values against it', () => {
      const router = routerWith(ctx, route('/notes/{id:\\d+}', ['GET'], undefined, 'note'));
      assert.equal(router.generateUri('note', { id: 42 }), '/notes/42');
      expectRouterError(
        () => router.generateUri('note', { id: 'abc' }),
        'FRAMEWORK_ERR_ROUTER_PARAM_MISMATCH',
        'Route "note": value "abc" for {id} does not match ^(?:\\d+)$.',
      );
    });
  });
}
