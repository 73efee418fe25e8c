export { FindMyWayRouter } from './find-my-way-router';
export type { FindMyWayRouterOptions } from './options';
