export { describeContainerContract, type ContainerContractOptions } from './container-contract.case';
