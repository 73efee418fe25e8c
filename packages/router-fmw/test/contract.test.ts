import { describeRouterContract } from '@framework/router-contract/testing';
import { FindMyWayRouter } from '../src';

describeRouterContract({
  name: 'FindMyWayRouter',
  createRouter: () => new FindMyWayRouter(),
  capabilities: { tokens: true, explicitMethods: false },
});
