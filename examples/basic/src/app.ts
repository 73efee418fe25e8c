import { AppFactory, type Application, JsonResponse, TextResponse } from '@framework/application';
import { FindMyWayRouter } from '@framework/router-fmw';
import { createApi } from './api';

/** Builds the example application (spec 4.1 endpoints plus a mounted API). */
export function createApp(): Application {
  const app = AppFactory.create(undefined, new FindMyWayRouter());
  app.pipe('/api', createApi());
  app.pipeRoutingMiddleware();
  app.pipeDispatchMiddleware();

  app.get('/', () => new TextResponse('Hello from @framework!'));
  app.get('/ping', () => new JsonResponse({ ack: Math.floor(Date.now() / 1000) }));
  app.post('/post', async (request) => {
    const body = await request.text();
    return new TextResponse(`Received a POST with ${Buffer.byteLength(body)} bytes.`);
  });
  return app;
}
