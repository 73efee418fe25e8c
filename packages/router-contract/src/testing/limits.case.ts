import assert from 'node:assert/strict';
import { defineGroup, type ContractGroup } from './contract-group';
import { DEFAULT_MAX_PARAM_LENGTH } from '../limits';
import { Route, type RouteOptions } from '../route';
import {
  expectPlainFailure,
  expectRouterError,
  expectSuccess,
  handler,
  match,
  route,
  routerWith,
  routerWithLimits,
} from './helpers';
import type { ContractContext } from './options';

const EXTENSIONS = { ext: 'json|xml|csv' };
const UNSAFE = '(a+)+$';
const OVERLAPPING = '(\\d|\\d\\d)+';

function unsafeTokenMessage(path: string, name: string, source: string): string {
  return (
    `Route ${JSON.stringify(path)}: token ${JSON.stringify(name)} ${JSON.stringify(source)} may backtrack ` +
    'catastrophically (a repeated part can match one text in two ways); rewrite it so each text has ' +
    'one way to match, or set allowUnsafeRegex: true to accept the risk.'
  );
}

/** Lets the runner's per-test timer fire before the case ends, so a case that blocked past it fails. */
function yieldToTimers(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** `maxParamLength`, bounded work on long segments, and vetted token expressions. */
export function limitsCases(ctx: ContractContext): ContractGroup {
  return defineGroup('limits', (it) => {
    it(`maxParamLength defaults to ${DEFAULT_MAX_PARAM_LENGTH}: a value of 100 matches, 101 fails the route`, () => {
      const post = route('/post/{id}', ['GET']);
      const router = routerWith(ctx, post);
      expectSuccess(match(router, 'GET', `/post/${'x'.repeat(100)}`), post, { id: 'x'.repeat(100) });
      expectPlainFailure(match(router, 'GET', `/post/${'x'.repeat(101)}`));
    });

    it('a custom maxParamLength applies to every placeholder', () => {
      const post = route('/post/{id}/v{n}', ['GET']);
      const router = routerWithLimits(ctx, { maxParamLength: 5 }, post);
      expectSuccess(match(router, 'GET', '/post/abcde/v12345'), post, { id: 'abcde', n: '12345' });
      expectPlainFailure(match(router, 'GET', '/post/abcdef/v1'));
      expectPlainFailure(match(router, 'GET', '/post/a/v123456'));
    });

    it('maxParamLength counts the value as received, percent-encoded', () => {
      const tag = route('/tag/{name}', ['GET']);
      const router = routerWithLimits(ctx, { maxParamLength: 6 }, tag);
      expectSuccess(match(router, 'GET', '/tag/%C3%A9'), tag, { name: 'é' });
      expectPlainFailure(match(router, 'GET', '/tag/%41%42%43'));
    });

    it('maxParamLength: Infinity lifts the limit', () => {
      const post = route('/post/{id}', ['GET']);
      const long = 'x'.repeat(5000);
      const router = routerWithLimits(ctx, { maxParamLength: Infinity }, post);
      expectSuccess(match(router, 'GET', `/post/${long}`), post, { id: long });
    });

    it('a value too long for one route lets the next route in precedence match', () => {
      const bySlug = route('/posts/{slug}', ['GET']);
      const archive = route('/{section}/archive', ['GET']);
      const router = routerWithLimits(ctx, { maxParamLength: 5 }, bySlug, archive);
      expectSuccess(match(router, 'GET', '/posts/arch'), bySlug, { slug: 'arch' });
      expectSuccess(match(router, 'GET', '/posts/archive'), archive, { section: 'posts' });
    });

    it('each placeholder of a split segment is held to maxParamLength', () => {
      const range = route('/range/{from}-{to}', ['GET']);
      const router = routerWithLimits(ctx, { maxParamLength: 3 }, range);
      // Without the limit, `from` would take "12-3".
      expectSuccess(match(router, 'GET', '/range/12-3-4'), range, { from: '12', to: '3-4' });
      expectPlainFailure(match(router, 'GET', '/range/1234-5'));
    });

    it('regression: a 14 kB segment split among placeholders gives its outcome (no quadratic split)', () => {
      const files = route('/files/{name}.{ext}', ['GET'], ctx.capabilities.tokens ? EXTENSIONS : undefined);
      const router = routerWith(ctx, files);
      expectPlainFailure(match(router, 'GET', `/files/${'a.'.repeat(7000)}txt`));
      const unlimited = routerWithLimits(ctx, { maxParamLength: Infinity }, files);
      const name = `${'a.'.repeat(6999)}a`;
      expectSuccess(match(unlimited, 'GET', `/files/${name}.json`), files, { name, ext: 'json' });
      if (ctx.capabilities.tokens)
        expectPlainFailure(match(unlimited, 'GET', `/files/${'a.'.repeat(7000)}txt`));
    });

    it('a long segment split among three placeholders gives its outcome', () => {
      const parts = route('/{a}-{b}-{c}', ['GET'], ctx.capabilities.tokens ? { c: '\\d+' } : undefined);
      const router = routerWithLimits(ctx, { maxParamLength: Infinity }, parts);
      const a = `${'1-'.repeat(3998)}1`;
      expectSuccess(match(router, 'GET', `/${'1-'.repeat(4000)}2`), parts, { a, b: '1', c: '2' });
      if (ctx.capabilities.tokens) expectPlainFailure(match(router, 'GET', `/${'1-'.repeat(4000)}x`));
    });

    it('a segment that six placeholders cannot split within maxParamLength fails in bounded work', () => {
      const six = route('/{a}-{b}-{c}-{d}-{e}-{f}x', ['GET']);
      const router = routerWith(ctx, six);
      // Each value is "1-...-1", at most 99 characters: 300 dashes leave 595 characters to six of them,
      // so every split fails. Trying them all would take 10^10 steps; remembering the placeholders
      // that found no split from a position keeps it to thousands.
      expectPlainFailure(match(router, 'GET', `/${'1-'.repeat(300)}1x`));
      const fits = `${'1-'.repeat(49)}1`;
      expectSuccess(match(router, 'GET', `/${`${fits}-`.repeat(5)}${fits}x`), six, {
        a: fits,
        b: fits,
        c: fits,
        d: fits,
        e: fits,
        f: fits,
      });
    });

    it('a 60 kB segment that three placeholders cannot split fails in linear work', () => {
      const three = route('/{a}-{b}-{c}x', ['GET']);
      const router = routerWithLimits(ctx, { maxParamLength: Infinity }, three);
      // The malformed escape falls in the last value of every split: trying each end of each
      // placeholder from each start would take 10^9 steps.
      expectPlainFailure(match(router, 'GET', `/${'1-'.repeat(30000)}%zzx`));
    });

    it('a long split segment with escapes decodes each value', () => {
      const files = route('/files/{name}.{ext}', ['GET']);
      const router = routerWithLimits(ctx, { maxParamLength: Infinity }, files);
      const raw = '%C3%A9.'.repeat(3000);
      expectSuccess(match(router, 'GET', `/files/${raw}x%20y`), files, {
        name: 'é.'.repeat(2999) + 'é',
        ext: 'x y',
      });
      expectPlainFailure(match(router, 'GET', `/files/${raw}%C3`));
    });

    it(`regression: an unsafe token (${UNSAFE}) is refused by setOptions`, () => {
      expectRouterError(
        () => new Route('/redos/{v}', handler('redos')).setOptions({ tokens: { v: UNSAFE } }),
        'FRAMEWORK_ERR_ROUTE_UNSAFE_TOKEN',
        unsafeTokenMessage('/redos/{v}', 'v', UNSAFE),
      );
    });

    it(`finding 20: overlapping alternatives under a repetition (${OVERLAPPING}) are refused by setOptions`, () => {
      for (const source of [OVERLAPPING, '(a|a)*', '(?:[^/]|%2F)+', '(ab?|b)+']) {
        expectRouterError(
          () => new Route('/n/{num}', handler('n')).setOptions({ tokens: { num: source } }),
          'FRAMEWORK_ERR_ROUTE_UNSAFE_TOKEN',
          unsafeTokenMessage('/n/{num}', 'num', source),
        );
      }
    });

    it('finding 21: a 64 kB segment split among three placeholders without a limit ends in bounded work', async () => {
      const parts = route('/m/{a}-{b}-{c}', ['GET'], ctx.capabilities.tokens ? { b: '\\d+' } : undefined);
      const router = routerWithLimits(ctx, { maxParamLength: Infinity }, parts);
      // Trying every end of b from every start would take 10^9 steps (seconds): the runner's timeout
      // fails the case then.
      const dashes = `/m/${'-'.repeat(65536)}`;
      if (ctx.capabilities.tokens) expectPlainFailure(match(router, 'GET', dashes));
      else expectSuccess(match(router, 'GET', dashes), parts, { a: '-'.repeat(65532), b: '-', c: '-' });
      const a = `${'a-'.repeat(31999)}a`;
      expectSuccess(match(router, 'GET', `/m/${a}-1-c`), parts, { a, b: '1', c: 'c' });
      await yieldToTimers();
    });

    if (ctx.capabilities.tokens) {
      it('a split tries each start of a placeholder once it is reached, within maxParamLength and tokens', () => {
        // a = "x-p-q" and a = "x-p" leave no split that holds (b fails its token, or c is longer than
        // 5); only a = "x" does, with b taking the longest value its token and the limit allow.
        const parts = route('/{a}-{b}-{c}.{d}', ['GET'], { b: 'q|p.*' });
        const router = routerWithLimits(ctx, { maxParamLength: 5 }, parts);
        expectSuccess(match(router, 'GET', '/x-p-q-y-cccc.d'), parts, {
          a: 'x',
          b: 'p-q-y',
          c: 'cccc',
          d: 'd',
        });
      });

      it('allowUnsafeRegex: true accepts an unsafe token, which still constrains the placeholder', () => {
        const redos = new Route('/redos/{v}', handler('redos'), ['GET']).setOptions({
          tokens: { v: UNSAFE },
          allowUnsafeRegex: true,
        });
        const router = routerWith(ctx, redos);
        expectSuccess(match(router, 'GET', '/redos/aaa'), redos, { v: 'aaa' });
        expectPlainFailure(match(router, 'GET', '/redos/aab'));
      });
    }

    it('allowUnsafeRegex must be a boolean', () => {
      expectRouterError(
        () =>
          new Route('/x/{v}', handler('x')).setOptions({
            allowUnsafeRegex: 'yes',
          } as unknown as RouteOptions),
        'FRAMEWORK_ERR_ROUTE_INVALID_OPTIONS',
        'Route "/x/{v}": option "allowUnsafeRegex" must be a boolean.',
      );
    });

    it('a router refuses a maxParamLength that is not a positive integer or Infinity', () => {
      for (const maxParamLength of [0, -1, 1.5, Number.NaN]) {
        assert.throws(
          () => ctx.createRouter({ maxParamLength }),
          (thrown: { code?: unknown; message?: unknown }) =>
            thrown.code === 'FRAMEWORK_ERR_ROUTER_INVALID_OPTIONS' &&
            String(thrown.message).includes('"maxParamLength" must be a positive integer or Infinity'),
          `createRouter({ maxParamLength: ${maxParamLength} }) must throw FRAMEWORK_ERR_ROUTER_INVALID_OPTIONS`,
        );
      }
    });
  });
}
