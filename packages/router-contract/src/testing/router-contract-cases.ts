import type { ContractGroup } from './contract-group';
import { generateUriCases } from './generate-uri.case';
import { inlineConstraintsCases } from './inline-constraints.case';
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
import { wholeSegmentsCases } from './whole-segments.case';

/**
 * The router conformance suite as data: the groups of cases for this adapter and its capabilities.
 * Nothing here imports a test runner; `describeRouterContract` (any runner) and
 * `@framework/router-contract/testing/node-test` register these groups. `createRouter` is called by
 * each case when it runs.
 *
 * @example
 * for (const group of routerContractCases({ name: 'MyRouter', createRouter: () => new MyRouter() })) {
 *   for (const each of group.cases) await each.run(); // throws an AssertionError naming the request
 * }
 */
export function routerContractCases(options: RouterContractOptions): readonly ContractGroup[] {
  const ctx = resolveContext(options);
  return [
    routingRulesCases(ctx),
    routePatternsCases(ctx),
    methodFailureCases(ctx),
    ...(ctx.capabilities.tokens ? [tokensCases(ctx)] : []),
    inlineConstraintsCases(ctx),
    paramsCases(ctx),
    staticTextCases(ctx),
    matchingCases(ctx),
    precedenceCases(ctx),
    malformedCases(ctx),
    generateUriCases(ctx),
    lazyCompileCases(ctx),
    limitsCases(ctx),
    regressionCases(ctx),
    wholeSegmentsCases(ctx),
  ];
}
