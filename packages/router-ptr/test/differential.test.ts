import { describe, expect, it } from '@jest/globals';
import type { Router } from '@framework/router-contract';
import { ExplicitMethodsRouter } from '@framework/router-explicit-methods';
import { FindMyWayRouter } from '@framework/router-fmw';
import fc from 'fast-check';
import { PathToRegexpRouter } from '../src';
import { expectedOutcome } from './support/expected-outcome';
import { load, outcome, type Outcome } from './support/outcome';
import { generatedCase, type GeneratedCase } from './support/table-arbitrary';

// Differential test of the three adapters against the contract's reference reading: every adapter must
// give exactly the reference's outcome (route, params, allowed methods) for every generated request.
// Routes always list their methods, where the adapters agree (ExplicitMethodsRouter maps "any" and
// "[]" differently).
// FRAMEWORK_FUZZ_RUNS sets the number of generated tables (see docs/maintainers/differential-fuzzing.md).
const RUNS = Number(process.env.FRAMEWORK_FUZZ_RUNS ?? 200);
const ADAPTERS: readonly [string, () => Router][] = [
  ['PathToRegexpRouter', () => new PathToRegexpRouter()],
  ['ExplicitMethodsRouter', () => new ExplicitMethodsRouter()],
  ['FindMyWayRouter', () => new FindMyWayRouter()],
];

function check(generated: GeneratedCase): void {
  const routers = ADAPTERS.map(([name, create]) => [name, load(create(), generated)] as const);
  const problems: string[] = [];
  for (const request of generated.requests) {
    const expected = canonical(expectedOutcome(generated, request));
    for (const [name, router] of routers) {
      const actual = canonical(outcome(router, request));
      if (actual !== expected)
        problems.push(`${name}: ${request.method} ${request.path}: ${actual}, expected ${expected}`);
    }
  }
  expect(problems).toEqual([]);
}

// The outcome as JSON, params sorted by name.
function canonical({ kind, route, params, allowed }: Outcome): string {
  const sorted = params === undefined ? undefined : Object.fromEntries(Object.entries(params).sort());
  return JSON.stringify({ kind, route, params: sorted, allowed });
}

describe('differential: PathToRegexpRouter, ExplicitMethodsRouter and FindMyWayRouter', () => {
  it(`agree with the contract's reference reading on ${RUNS} generated route tables`, () => {
    fc.assert(
      fc.property(generatedCase, (generated) => {
        check(generated);
      }),
      { numRuns: RUNS },
    );
  });
});
