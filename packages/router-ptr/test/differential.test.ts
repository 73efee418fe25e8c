import { describe, expect, it } from '@jest/globals';
import type { Router } from '@framework/router-contract';
import { ExplicitMethodsRouter } from '@framework/router-explicit-methods';
import { FindMyWayRouter } from '@framework/router-fmw';
import fc from 'fast-check';
import { PathToRegexpRouter } from '../src';
import { expectedOutcome } from './support/expected-outcome';
import { load, outcome, type Outcome } from './support/outcome';
import { generatedCase, type GeneratedCase } from './support/table-arbitrary';

// Differential test of the three adapters against the contract's reference reading. Routes always list
// their methods, where the adapters agree (ExplicitMethodsRouter maps "any" and "[]" differently).
// FRAMEWORK_FUZZ_RUNS sets the number of generated tables (see README, "Differential fuzzing").
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
    const expected = expectedOutcome(generated, request);
    const outcomes = routers.map(([name, router]) => [name, outcome(router, request)] as const);
    for (const [name, actual] of outcomes) {
      const where = `${name}: ${request.method} ${request.path}: ${JSON.stringify(actual)}`;
      if (actual.kind !== expected.kind) problems.push(`${where}, expected a ${expected.kind}`);
      else if (
        expected.kind === 'method failure' &&
        JSON.stringify(actual.allowed) !== JSON.stringify(expected.allowed)
      ) {
        problems.push(`${where}, expected allowed ${JSON.stringify(expected.allowed)}`);
      } else if (expected.kind === 'success') {
        const splits = expected.choices?.get(actual.route as string);
        if (splits === undefined)
          problems.push(`${where}, expected one of ${[...(expected.choices?.keys() ?? [])].join(', ')}`);
        else if (!splits.some((split) => equalParams(split, actual)))
          problems.push(`${where}, expected params among ${JSON.stringify(splits)}`);
      }
    }
    // The contract leaves the choice between matching placeholder routes to the adapter; the split of a
    // segment with two placeholders is the leftmost-longest one in all three.
    if (expected.kind === 'success' && expected.choices?.size === 1) {
      const answers = new Set(outcomes.map(([, actual]) => JSON.stringify(actual)));
      if (answers.size > 1)
        problems.push(`${request.method} ${request.path}: adapters disagree: ${[...answers].join(' / ')}`);
    }
  }
  expect(problems).toEqual([]);
}

function equalParams(split: Record<string, string>, actual: Outcome): boolean {
  const params = actual.params ?? {};
  const keys = Object.keys(split);
  return keys.length === Object.keys(params).length && keys.every((key) => params[key] === split[key]);
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
