import { FindMyWayRouter } from '@framework/router-fmw';
import type { RouteResult } from '@framework/router-contract';
import {
  type Application,
  APPLICATION_SERVICE,
  ApplicationFactory,
  type MiddlewareFunction,
  ROUTE_RESULT_ATTRIBUTE,
  ROUTER_SERVICE,
  SimpleContainer,
  TextResponse,
} from '../../src';

/**
 * Middleware that prepends its name to the `x-trail` response header on the way out, so the header
 * lists the middleware in the order they ran. A `+` suffix means a route had matched when it ran.
 */
export function mark(name: string): MiddlewareFunction {
  return async (request, handler) => {
    const routed =
      request.getAttribute<RouteResult | undefined>(ROUTE_RESULT_ATTRIBUTE)?.isSuccess() === true;
    const response = await handler.handle(request);
    const trail = response.headers.get('x-trail');
    const label = routed ? `${name}+` : name;
    response.headers.set('x-trail', trail === null ? label : `${label},${trail}`);
    return response;
  };
}

/** A route handler answering its name as text. */
export function answer(text: string): MiddlewareFunction {
  return () => new TextResponse(text);
}

/** A SimpleContainer with a router, the config, and `ApplicationFactory` under the application id. */
export function containerFor(config: unknown): SimpleContainer {
  return new SimpleContainer()
    .setService('config', config)
    .setService(ROUTER_SERVICE, new FindMyWayRouter())
    .setFactory(APPLICATION_SERVICE, ApplicationFactory);
}

/** The application `ApplicationFactory` builds from `config`. */
export function appFrom(config: unknown): Application {
  return containerFor(config).get<Application>(APPLICATION_SERVICE);
}

/** `app.fetch` with a path instead of a full URL. */
export function call(app: Application, path: string, init?: RequestInit): Promise<Response> {
  return app.fetch(new Request(`http://localhost${path}`, init));
}

/** The `x-trail` header of the answer to `GET path` (or another method). */
export async function trailOf(app: Application, path: string, method = 'GET'): Promise<string | null> {
  return (await call(app, path, { method })).headers.get('x-trail');
}
