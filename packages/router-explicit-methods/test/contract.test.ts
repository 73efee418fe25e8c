import { describeRouterContract } from '@framework/router-contract/testing';
import { ExplicitMethodsRouter } from '../src';

describeRouterContract({
  name: 'ExplicitMethodsRouter',
  createRouter: (limits) => new ExplicitMethodsRouter(limits),
  capabilities: { tokens: true, explicitMethods: true, inlineConstraints: true },
});
