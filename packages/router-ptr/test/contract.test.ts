import { describeRouterContract } from '@framework/router-contract/testing';
import { PathToRegexpRouter } from '../src';

describeRouterContract({
  name: 'PathToRegexpRouter',
  createRouter: () => new PathToRegexpRouter(),
  capabilities: { tokens: true, explicitMethods: false },
});
