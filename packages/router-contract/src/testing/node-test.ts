import { describe, it } from 'node:test';
import { describeRouterContract as describeWith } from './describe-router-contract';
import type { RouterContractOptions } from './options';

/**
 * Registers the router conformance suite with node:test (`node --test`).
 *
 * @example
 * import { describeRouterContract } from '@framework/router-contract/testing/node-test';
 * import { MyRouter } from '../src/index.js';
 *
 * describeRouterContract({ name: 'MyRouter', createRouter: () => new MyRouter() });
 */
export function describeRouterContract(options: RouterContractOptions): void {
  describeWith(options, { describe, it });
}
