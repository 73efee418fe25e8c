import type { RequestHandler } from '../pipeline/types';
import { JsonResponse } from '../response/json-response';

/** Anything that knows whether its server is shutting down, such as an `Application`. */
export interface ShutdownAware {
  readonly shuttingDown: boolean;
}

const NOT_CACHED = { 'cache-control': 'no-store' };

/**
 * A readiness endpoint for load balancers and orchestrators: 200 `{"status":"ready"}` while the
 * application serves, 503 `{"status":"shutting down"}` once the server `app.run()` started is
 * closing, so the balancer stops sending it traffic before it stops.
 *
 * @example
 * app.get('/health/ready', readiness(app));
 */
export function readiness(target: ShutdownAware): RequestHandler {
  return {
    handle: () =>
      target.shuttingDown
        ? new JsonResponse({ status: 'shutting down' }, { status: 503, headers: NOT_CACHED })
        : new JsonResponse({ status: 'ready' }, { headers: NOT_CACHED }),
  };
}
