import { describeRouterContract } from '@framework/router-contract/testing';
import { FindMyWayRouter } from '../src';

describeRouterContract({
  name: 'FindMyWayRouter',
  createRouter: (limits) => new FindMyWayRouter(limits),
  capabilities: { tokens: true, explicitMethods: false, inlineConstraints: true },
});
