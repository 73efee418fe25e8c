import type * as ApplicationModule from '@framework/application';
import type * as RouterFmwModule from '@framework/router-fmw';

/**
 * The benchmarked application: the spec's programmatic pipeline (routing, then dispatch), three routes,
 * from one build of the packages (this checkout's or another's).
 */
export function createBenchApp(
  { Application, JsonResponse, TextResponse }: typeof ApplicationModule,
  { FindMyWayRouter }: typeof RouterFmwModule,
): ApplicationModule.Application {
  const app = new Application(new FindMyWayRouter());
  app.pipeRoutingMiddleware();
  app.pipeDispatchMiddleware();
  app.get('/', () => new TextResponse('Hello, world!'));
  app.get('/ping', () => new JsonResponse({ ack: Math.floor(Date.now() / 1000) }));
  app.get('/post/{id}', (request) => new TextResponse(`Post ${request.getAttribute('id')}`));
  return app;
}
