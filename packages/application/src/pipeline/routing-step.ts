import type { ServerRequest } from '../http/server-request';
import type { ServerMiddleware } from './types';

/**
 * A built-in routing middleware as a pipe can run it without a step of its own: `route()` gives the
 * request the rest of the pipe sees, or `undefined` when the middleware answers the request itself
 * (a method failure: 405, implicit HEAD and OPTIONS); then the pipe runs `process()` as usual.
 */
export interface RoutingStep extends ServerMiddleware {
  /** The request with its route result attached, or `undefined` when `process()` must answer it. */
  route(request: ServerRequest): ServerRequest | undefined;
}

const steps = new WeakSet<object>();

/** Marks a built-in middleware whose `route()` does all its `process()` does when it passes on. */
export function markRoutingStep<T extends RoutingStep>(middleware: T): T {
  steps.add(middleware);
  return middleware;
}

/** The middleware as a routing step, if it was marked as one. */
export function asRoutingStep(middleware: ServerMiddleware): RoutingStep | undefined {
  return steps.has(middleware) ? (middleware as RoutingStep) : undefined;
}
