import { describeRouterContract } from '../src/testing';
import { ReferenceRouter } from './support/reference-router';

describeRouterContract({
  name: 'reference router',
  createRouter: () => new ReferenceRouter(),
  capabilities: { tokens: true, explicitMethods: false },
});

describeRouterContract({
  name: 'reference router with explicit methods',
  createRouter: () => new ReferenceRouter(true),
  capabilities: { explicitMethods: true },
});

describeRouterContract({
  name: 'reference router without tokens',
  createRouter: () => new ReferenceRouter(),
  capabilities: { tokens: false },
});
