import { describe, expect, it } from '@jest/globals';
import { RouteResult, type Router, type RouterLimits } from '@framework/router-contract';
import { ExplicitMethodsRouter } from '@framework/router-explicit-methods';
import { FindMyWayRouter } from '@framework/router-fmw';
import fc from 'fast-check';
import { PathToRegexpRouter } from '../src';
import { load, outcome } from './support/outcome';
import { generatedCase, type GeneratedCase, type GeneratedRequest } from './support/table-arbitrary';

// Property: on random route tables (templates with one or two placeholders per segment, tokens from a
// safe set) and hostile paths up to 64 kB (a request for a route, with a long run of one piece pasted
// in: dots, separators, slashes, valid, cut and malformed escapes), `match` never throws on any
// adapter, returns a RouteResult that is a success or a failure, and the three adapters agree.
// Bounded: a few seconds per limit.
const RUNS = 60;
const MAX_PATH = 64 * 1024;
const PIECES = [
  'a',
  'a.',
  '.',
  '-',
  'x-y',
  '1',
  '/',
  '//',
  '%',
  '%41',
  '%C3%A9',
  '%E0%A4%A',
  '%2F',
  '%zz',
  '~',
];
const ADAPTERS: readonly [string, (limits: RouterLimits) => Router][] = [
  ['PathToRegexpRouter', (limits) => new PathToRegexpRouter(limits)],
  ['ExplicitMethodsRouter', (limits) => new ExplicitMethodsRouter(limits)],
  ['FindMyWayRouter', (limits) => new FindMyWayRouter(limits)],
];

/** The request's path with `length` characters of repeated `piece` pasted in at `at`. */
function inflate(request: GeneratedRequest, piece: string, length: number, at: number): GeneratedRequest {
  const run = piece.repeat(Math.ceil(length / piece.length)).slice(0, length);
  const cut = 1 + (at % request.path.length);
  return { method: request.method, path: request.path.slice(0, cut) + run + request.path.slice(cut) };
}

const hostileCase = generatedCase.chain((generated) =>
  fc.record({
    generated: fc.constant(generated),
    paths: fc.array(
      fc
        .record({
          request: fc.constantFrom(...generated.requests),
          piece: fc.constantFrom(...PIECES),
          length: fc.oneof(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 1, max: MAX_PATH - 64 })),
          at: fc.nat(),
        })
        .map(({ request, piece, length, at }) => inflate(request, piece, length, at)),
      { minLength: 1, maxLength: 4 },
    ),
  }),
);

function check(generated: GeneratedCase, paths: readonly GeneratedRequest[], limits: RouterLimits): void {
  const routers = ADAPTERS.map(([name, create]) => [name, load(create(limits), generated)] as const);
  for (const request of paths) {
    const outcomes = routers.map(([name, router]) => {
      const result = router.match(request);
      expect(result).toBeInstanceOf(RouteResult);
      expect(result.isSuccess()).toBe(!result.isFailure());
      return `${name}: ${JSON.stringify(outcome(router, request))}`;
    });
    const first = outcomes[0]?.slice(outcomes[0].indexOf(':'));
    expect(outcomes).toEqual(ADAPTERS.map(([name]) => `${name}${first}`));
  }
}

describe('match on hostile paths up to 64 kB, every adapter', () => {
  it.each([
    ['the default maxParamLength', {}],
    ['maxParamLength 2000', { maxParamLength: 2000 }],
  ] as const)('never throws and agrees across adapters with %s', (_label, limits) => {
    fc.assert(
      fc.property(hostileCase, ({ generated, paths }) => {
        check(generated, paths, limits);
      }),
      { numRuns: RUNS },
    );
  });
});
