import type * as ApplicationModule from '@framework/application';
import type * as RouterPtrModule from '@framework/router-ptr';

/** The bench application on router-ptr, from one build of the packages (this checkout's or another's). */
export function benchFetchApp(
  { Application, JsonResponse, TextResponse }: typeof ApplicationModule,
  { PathToRegexpRouter }: typeof RouterPtrModule,
): ApplicationModule.Application {
  const app = new Application(new PathToRegexpRouter());
  app.pipeRoutingMiddleware();
  app.pipeDispatchMiddleware();
  app.get('/', () => new TextResponse('Hello, world!'));
  app.get('/ping', () => new JsonResponse({ ack: Math.floor(Date.now() / 1000) }));
  app.get('/post/{id}', (request) => new TextResponse(`Post ${request.params.id}`));
  return app;
}
