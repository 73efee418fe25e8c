// The conformance suite under node:test (`node --test`), to keep its runner-free form working.
import { describeRouterContract } from '../../src/testing/node-test';
import { ReferenceRouter } from '../support/reference-router';

describeRouterContract({
  name: 'reference router under node:test',
  createRouter: (limits) => new ReferenceRouter(false, limits),
});
