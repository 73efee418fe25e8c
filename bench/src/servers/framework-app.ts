import { Application, JsonResponse, TextResponse, type ServerRequest } from '@framework/application';
import { FindMyWayRouter } from '@framework/router-fmw';

/** The benchmarked application: the spec's programmatic pipeline (routing, then dispatch), three routes. */
export function createBenchApp(): Application {
  const app = new Application(new FindMyWayRouter());
  app.pipeRoutingMiddleware();
  app.pipeDispatchMiddleware();
  app.get('/', () => new TextResponse('Hello, world!'));
  app.get('/ping', () => new JsonResponse({ ack: Math.floor(Date.now() / 1000) }));
  app.get('/post/{id}', (request: ServerRequest) => new TextResponse(`Post ${request.getAttribute('id')}`));
  return app;
}
