/**
 * `@framework/application/server-kit`: what a server package builds on to serve applications on its
 * runtime (`@framework/node-server` is built on it): the request source, the body errors and limits,
 * the response shapes, and the fallback that turns an escaped error into an answer. Applications never
 * need it.
 */
export { RequestSource, WebRequestSource } from '../http/request-source';
export { isAuthority } from '../http/authority';
export { foreignPathProblem } from '../fetch/foreign-path';
export { compileTrustProxy, type ProxyTrust } from '../http/trust-proxy';
export { tooLarge as bodyTooLarge, requestAborted, declaredTooLarge, concatBytes } from '../http/read-body';
export { isPromiseLike } from '../response/any-response';
export { isNullBodyStatus } from '../response/light-response';
export { isWebStream } from '../response/body-stream';
export { type BodyErrorReporter, discardBody, discardResponse } from '../response/discard-body';
export { toWebResponse } from '../response/to-web-response';
export { notAResponse } from '../pipeline/ensure-response';
export { consoleLogger } from '../logging/logger';
export {
  NODE_SERVER_PACKAGE,
  registerServer,
  type RunningServer,
  type ServeOptions,
  type ServedApplication,
  type ServerRunner,
} from '../application/server-slot';
