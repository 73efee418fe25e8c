// test/contract.test.ts of an adapter: every case of the contract, registered with jest here
// (vitest finds its globals the same way; node:test imports '@framework/router-contract/testing/node-test').
import { describeRouterContract } from '@framework/router-contract/testing';
import { FindMyWayRouter } from '@framework/router-fmw'; // your adapter instead

describeRouterContract({
  name: 'FindMyWayRouter',
  createRouter: (limits) => new FindMyWayRouter(limits), // limits: the maxParamLength a case sets
  capabilities: { tokens: true, explicitMethods: false, inlineConstraints: true },
});
