import { describeRouterContract } from '@framework/router-contract/testing';
import { PathToRegexpRouter } from '../src';

describeRouterContract({
  name: 'PathToRegexpRouter',
  createRouter: (limits) => new PathToRegexpRouter(limits),
  capabilities: { tokens: true, explicitMethods: false, inlineConstraints: true },
});
