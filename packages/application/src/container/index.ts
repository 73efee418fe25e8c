export type {
  ConfigurableContainer,
  Container,
  ServiceFactory,
  ServiceFactoryClass,
  ServiceFactoryDefinition,
  ServiceFactoryObject,
  ServiceId,
} from './container';
export { assertServiceId, isServiceId } from './assert-service-id';
export { configureContainer } from './configure-container';
export { type ContainerConfig, DEPENDENCIES_SECTIONS, type DependenciesConfig } from './dependencies-config';
export { describeServiceId } from './describe-service-id';
export {
  CircularDependencyError,
  CONTAINER_ERROR_CODES,
  ContainerError,
  type ContainerErrorCode,
  InvalidContainerConfigError,
  InvalidFactoryError,
  InvalidServiceIdError,
  ServiceNotFoundError,
} from './errors';
export { APPLICATION_SERVICE, CONFIG_SERVICE, ROUTER_SERVICE } from './service-ids';
export { SimpleContainer } from './simple-container';
export { toServiceFactory } from './to-service-factory';
