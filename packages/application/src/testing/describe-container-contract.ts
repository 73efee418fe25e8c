import { ambientRunner, registerGroups, type TestRunner } from '@framework/router-contract/testing';
import { containerContractCases, type ContainerContractOptions } from './container-contract.case';

/**
 * Registers the container conformance suite inside `describe('<name> satisfies the container
 * contract')`. Under jest (and vitest with `globals: true`) the runner is found on its own; otherwise
 * pass `{ describe, it }` from your runner (vitest, node:test).
 *
 * @example
 * // test/container.test.ts of an adapter package
 * import { describeContainerContract } from '@framework/application/testing';
 * import { MyContainer } from '../src/index';
 *
 * describeContainerContract({ name: 'MyContainer', createContainer: () => new MyContainer() });
 */
export function describeContainerContract(options: ContainerContractOptions, runner?: TestRunner): void {
  registerGroups(
    runner ?? ambientRunner('describeContainerContract'),
    `${options.name} satisfies the container contract`,
    containerContractCases(options),
  );
}
