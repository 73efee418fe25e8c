import { describeRouterContract } from '@framework/router-contract/testing';
import { ExplicitMethodsRouter } from '../src';

describeRouterContract({
  name: 'ExplicitMethodsRouter',
  createRouter: () => new ExplicitMethodsRouter(),
  capabilities: { tokens: true, explicitMethods: true },
});
