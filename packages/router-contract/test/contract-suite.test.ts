import { describeRouterContract } from '../src/testing';
import { ReferenceRouter } from './support/reference-router';

describeRouterContract({
  name: 'reference router',
  createRouter: (limits) => new ReferenceRouter(false, limits),
  capabilities: { tokens: true, explicitMethods: false },
});

describeRouterContract({
  name: 'reference router with explicit methods',
  createRouter: (limits) => new ReferenceRouter(true, limits),
  capabilities: { explicitMethods: true },
});

describeRouterContract({
  name: 'reference router without tokens',
  createRouter: (limits) => new ReferenceRouter(false, limits),
  capabilities: { tokens: false },
});
