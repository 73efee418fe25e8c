import { describeRouterContract } from '@framework/router-contract/testing/node-test';
import { Rou3Router } from '../src/index.js';

describeRouterContract({
  name: 'Rou3Router',
  createRouter: (limits) => new Rou3Router(limits),
  capabilities: { tokens: true, explicitMethods: false, inlineConstraints: true },
});
