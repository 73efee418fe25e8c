export { containerContractCases, type ContainerContractOptions } from './container-contract.case';
export { describeContainerContract } from './describe-container-contract';
