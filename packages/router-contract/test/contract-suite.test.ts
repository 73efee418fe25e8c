import { describeRouterContract } from '../src/testing';
import { ReferenceRouter } from './support/reference-router';
import { IndexedRouter } from './support/indexed-router';

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

/** The reference router as an adapter written before inline constraints: it declares no capability. */
class FirstContractRouter extends ReferenceRouter {
  override readonly capabilities = {};
}

describeRouterContract({
  name: 'reference router without tokens',
  createRouter: (limits) => new FirstContractRouter(false, limits),
  capabilities: { tokens: false },
});

describeRouterContract({
  name: 'indexed router (IndexedRoutes, MatchTable, RouteIndex)',
  createRouter: (limits) => new IndexedRouter(false, limits),
});

describeRouterContract({
  name: 'indexed router with explicit methods',
  createRouter: (limits) => new IndexedRouter(true, limits),
  capabilities: { explicitMethods: true },
});
