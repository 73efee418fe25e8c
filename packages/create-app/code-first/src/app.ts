import {
  Application,
  JsonResponse,
  type Logger,
  readiness,
  TextResponse,
  timeout,
} from '@framework/application';
import { compress, requestId, requestLogger, securityHeaders } from '@framework/middleware';
import { FindMyWayRouter } from '@framework/router-fmw';

export interface AppOptions {
  /** Logs one line per request (with a request id, echoed in `x-request-id`); none without it. */
  readonly logger?: Logger;
  /** Error answers carry the message and stack (never in production). */
  readonly development?: boolean;
}

/**
 * The application, built in code: the middleware every answer goes through, then the routes. Tests
 * call `createApp().fetch(...)`; `server.ts` serves it.
 */
export function createApp(options: AppOptions = {}): Application {
  const app = new Application(new FindMyWayRouter(), { development: options.development ?? false });
  if (options.logger !== undefined) {
    app.pipe(requestId());
    app.pipe(requestLogger({ logger: options.logger }));
  }
  app.pipe(securityHeaders()); // helmet's headers on every answer, 404s and errors included
  app.pipe(timeout(30_000)); // a request unanswered after 30 s gets a 503
  app.pipe(compress()); // brotli or gzip, as the client accepts
  app.pipeRoutingMiddleware();
  app.pipeDispatchMiddleware();

  app.get('/', () => new TextResponse('Hello from @framework!'));
  app.get('/ping', () => new JsonResponse({ ack: Math.floor(Date.now() / 1000) }));
  app.get('/users/{id:\\d+}', (request) => new JsonResponse({ id: Number(request.params.id) }));
  app.post('/echo', async (request) => new JsonResponse({ received: await request.json() }));
  // 200 while serving, 503 once the server shuts down, so a load balancer drains this instance first.
  app.get('/health/ready', readiness(app));
  return app;
}
