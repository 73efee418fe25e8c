export { describeRouterContract } from './describe-router-contract';
export { routerContractCases } from './router-contract-cases';
export {
  defineGroup,
  type CaseCollector,
  type ContractCase,
  type EachArgs,
  type ContractGroup,
} from './contract-group';
export { ambientRunner, registerGroups, type TestRunner } from './test-runner';
export type { ContractContext, RouterContractCapabilities, RouterContractOptions } from './options';
export {
  REGRESSION_CASES,
  type RegressionCase,
  type RegressionExpectation,
  type RegressionRequest,
  type RegressionRoute,
} from './regressions.case';
