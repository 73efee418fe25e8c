import type { RouterContractOptions } from './options';
import { routerContractCases } from './router-contract-cases';
import { ambientRunner, registerGroups, type TestRunner } from './test-runner';

/**
 * Registers the router conformance suite inside `describe('router contract: <name>')`. Call it at the
 * top level of a test file; `createRouter` is called once per test. Under jest (and vitest with
 * `globals: true`) the runner is found on its own; otherwise pass `{ describe, it }` from your runner.
 *
 * @example
 * import { describeRouterContract } from '@framework/router-contract/testing';
 * import { describe, it } from 'vitest'; // or 'node:test'; leave out under jest
 * import { MyRouter } from '../src';
 *
 * describeRouterContract(
 *   { name: 'MyRouter', createRouter: (limits) => new MyRouter(limits), capabilities: { tokens: true } },
 *   { describe, it },
 * );
 */
export function describeRouterContract(options: RouterContractOptions, runner?: TestRunner): void {
  registerGroups(
    runner ?? ambientRunner('describeRouterContract'),
    `router contract: ${options.name}`,
    routerContractCases(options),
  );
}
