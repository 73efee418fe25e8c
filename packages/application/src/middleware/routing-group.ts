import type { Router } from '@framework/router-contract';
import type { ServerRequest } from '../http/server-request';
import { trust } from '../pipeline/ensure-response';
import { markStage } from '../pipeline/routing-stage';
import { markRoutingStep, type RoutingStep } from '../pipeline/routing-step';
import { NestedPipe, pipeEntry } from '../pipeline/pipe-step';
import type { RequestHandler } from '../pipeline/types';
import type { AnyResponse, MaybePromise } from '../response/any-response';
import { ImplicitHeadMiddleware } from './implicit-head-middleware';
import { ImplicitOptionsMiddleware } from './implicit-options-middleware';
import { MethodNotAllowedMiddleware } from './method-not-allowed-middleware';
import { RoutingMiddleware } from './routing-middleware';

/**
 * What `ROUTING_MIDDLEWARE` stands for: routing, then implicit HEAD, implicit OPTIONS and 405. Those
 * three act only on a method failure and pass every other request on untouched, so a match (or a
 * path no route has) goes straight to the next handler without stepping through them.
 */
export class RoutingGroupMiddleware implements RoutingStep {
  private readonly routing: RoutingMiddleware;
  private readonly methodFailure: NestedPipe;

  constructor(router: Router) {
    this.routing = new RoutingMiddleware(router);
    this.methodFailure = new NestedPipe([
      pipeEntry(new ImplicitHeadMiddleware(router), 'ImplicitHeadMiddleware'),
      pipeEntry(new ImplicitOptionsMiddleware(), 'ImplicitOptionsMiddleware'),
      pipeEntry(new MethodNotAllowedMiddleware(), 'MethodNotAllowedMiddleware'),
    ]);
    trust(this);
    markStage(this, 'routing');
    markRoutingStep(this);
  }

  // This is the hot path of every routed request: change with care.
  process(request: ServerRequest, handler: RequestHandler): MaybePromise<AnyResponse> {
    const result = this.routing.match(request);
    const routed = request.withRouteResult(result);
    if (result.isMethodFailure()) return this.methodFailure.process(routed, handler);
    return handler.handle(routed);
  }

  /** The routed request, or `undefined` for a method failure, which `process()` answers. */
  // This is the hot path of every routed request: change with care.
  route(request: ServerRequest): ServerRequest | undefined {
    const result = this.routing.match(request);
    return result.isMethodFailure() ? undefined : request.withRouteResult(result);
  }
}
