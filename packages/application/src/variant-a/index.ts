export { doublePass } from './double-pass';
export { errorMiddleware } from './error-middleware';
export { lazyMiddleware, type LazyMiddlewareOptions } from './lazy-middleware';
export { WritableResponse } from './writable-response';
export { RESPONSE_PROTOTYPE_ATTRIBUTE } from './response-prototype';
export type {
  DoublePassFunction,
  ErrorHandlingMiddleware,
  ErrorMiddlewareFunction,
  ErrorRoutingHandler,
  Next,
} from './types';
