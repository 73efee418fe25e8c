import { describe } from '@jest/globals';
import { generateUriCases } from './generate-uri.case';
import { lazyCompileCases } from './lazy-compile.case';
import { limitsCases } from './limits.case';
import { malformedCases } from './malformed.case';
import { matchingCases } from './matching.case';
import { methodFailureCases } from './method-failures.case';
import { resolveContext, type RouterContractOptions } from './options';
import { paramsCases } from './params.case';
import { precedenceCases } from './precedence.case';
import { regressionCases } from './regressions.case';
import { routePatternsCases } from './route-patterns.case';
import { routingRulesCases } from './routing-rules.case';
import { staticTextCases } from './static-text.case';
import { tokensCases } from './tokens.case';

/**
 * Registers the router conformance suite as jest tests inside `describe('router contract: <name>')`.
 * Call it at the top level of a test file; `createRouter` is called once per test.
 *
 * @example
 * import { describeRouterContract } from '@framework/router-contract/testing';
 * import { MyRouter } from '../src';
 *
 * describeRouterContract({
 *   name: 'MyRouter',
 *   createRouter: (limits) => new MyRouter(limits),
 *   capabilities: { tokens: true, explicitMethods: false },
 * });
 */
export function describeRouterContract(options: RouterContractOptions): void {
  const ctx = resolveContext(options);
  describe(`router contract: ${options.name}`, () => {
    routingRulesCases(ctx);
    routePatternsCases(ctx);
    methodFailureCases(ctx);
    if (ctx.capabilities.tokens) tokensCases(ctx);
    paramsCases(ctx);
    staticTextCases(ctx);
    matchingCases(ctx);
    precedenceCases(ctx);
    malformedCases(ctx);
    generateUriCases(ctx);
    lazyCompileCases(ctx);
    limitsCases(ctx);
    regressionCases(ctx);
  });
}
