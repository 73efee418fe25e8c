import type { ContractGroup } from './contract-group';

/**
 * The two functions of a test runner a contract suite needs. The `describe` and `it` of jest, vitest,
 * node:test and mocha fit as they are.
 */
export interface TestRunner {
  /** Opens a block named `name`; the cases `body` registers belong to it. */
  describe(name: string, body: () => void): unknown;
  /** Registers one case named `name`; the runner calls `body` to run it. */
  it(name: string, body: () => void | Promise<void>): unknown;
}

/** Registers `groups` as `describe(title) > describe(group) > it(case)` with `runner`. */
export function registerGroups(runner: TestRunner, title: string, groups: readonly ContractGroup[]): void {
  runner.describe(title, () => {
    for (const group of groups) {
      runner.describe(group.name, () => {
        for (const each of group.cases) runner.it(each.name, () => each.run());
      });
    }
  });
}

function isRunner(candidate: Partial<TestRunner>): candidate is TestRunner {
  return typeof candidate.describe === 'function' && typeof candidate.it === 'function';
}

/**
 * The runner a binding uses when none is passed: the global `describe` and `it` (jest, vitest with
 * `globals: true`, mocha), else `@jest/globals` (jest with `injectGlobals: false`). Looked up when a
 * suite is registered, never when the module loads, so importing the suite needs no runner.
 */
export function ambientRunner(binding: string): TestRunner {
  const globals = globalThis as Partial<TestRunner>;
  if (isRunner(globals)) return globals;
  try {
    // A lazy require: only jest users reach this line, and only when they call the binding.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const jest = require('@jest/globals') as Partial<TestRunner>;
    if (isRunner(jest)) return jest;
  } catch {
    // Not running under jest: fall through to the error below.
  }
  throw new Error(
    `${binding} found no test runner: pass { describe, it } from your runner as the second argument ` +
      `(vitest, node:test), or run it under jest.`,
  );
}
