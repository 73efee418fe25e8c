import type { RouteResult } from '@framework/router-contract';
import { ROUTE_RESULT_ATTRIBUTE } from '../http/attributes';
import type { ServerRequest } from '../http/server-request';

/** The `RouteResult` the routing middleware attached, if any. */
export function routeResultOf(request: ServerRequest): RouteResult | undefined {
  return request.getAttribute<RouteResult | undefined>(ROUTE_RESULT_ATTRIBUTE);
}
