export { ApplicationFactory, type ApplicationFactoryOptions } from './application-factory';
export type { PipelineEntry, RouteEntry } from './config-entry-types';
