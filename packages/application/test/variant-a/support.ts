import type { RouteResult } from '@framework/router-contract';
import { FindMyWayRouter } from '@framework/router-fmw';
import {
  type AnyResponse,
  Application,
  type ApplicationOptions,
  doublePass,
  type DoublePassMiddleware,
  type MiddlewareFunction,
  ROUTE_RESULT_ATTRIBUTE,
  type ServerRequest,
  variantA,
} from '../../src';

import { createApp as createPlainApp } from '../support/app';

export { call } from '../support/app';

/** An application for Variant A with routing and dispatch piped, quiet about 5xx errors unless told otherwise. */
export function createApp(options: ApplicationOptions = {}): Application {
  return createPlainApp({ variant: variantA, ...options });
}

/** An application with nothing piped yet, quiet about 5xx errors unless told otherwise. */
export function bareApp(options: ApplicationOptions = {}): Application {
  return new Application(new FindMyWayRouter(), {
    variant: variantA,
    development: false,
    onError: () => undefined,
    ...options,
  });
}

/** Prepends `label` to the `x-trail` header on the way out, so the header lists the order things ran. */
export function stamp(response: AnyResponse, label: string): AnyResponse {
  const trail = response.headers.get('x-trail');
  response.headers.set('x-trail', trail === null ? label : `${label},${trail}`);
  return response;
}

function routed(request: ServerRequest): boolean {
  return request.getAttribute<RouteResult | undefined>(ROUTE_RESULT_ATTRIBUTE)?.isSuccess() === true;
}

/** A Variant B middleware that stamps its name (with `+` once a route has matched). */
export function markB(name: string): MiddlewareFunction {
  return async (request, handler) =>
    stamp(await handler.handle(request), routed(request) ? `${name}+` : name);
}

/** A Variant A (double-pass) middleware that stamps its name (with `+` once a route has matched). */
export function markA(name: string): DoublePassMiddleware {
  return doublePass(async (request, response, next) =>
    stamp(await next(request, response), routed(request) ? `${name}+` : name),
  );
}

/** The error's message, or the value itself as text. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
