export { describeRouterContract } from './describe-router-contract';
export type { ContractContext, RouterContractCapabilities, RouterContractOptions } from './options';
export {
  REGRESSION_CASES,
  type RegressionCase,
  type RegressionExpectation,
  type RegressionRequest,
  type RegressionRoute,
} from './regressions.case';
