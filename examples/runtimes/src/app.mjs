import { AppFactory, JsonResponse, TextResponse } from '@framework/application';
import { FindMyWayRouter } from '@framework/router-fmw';

/** The API application, mounted at `/api`: its `/users/7` answers `/api/users/7`. */
function createApi() {
  const api = AppFactory.create(undefined, new FindMyWayRouter());
  api.pipeRoutingMiddleware();
  api.pipeDispatchMiddleware();
  api
    .get(
      '/users/{id}',
      (request) =>
        new JsonResponse({
          id: Number(request.params.id),
          self: api.generateUri('api.user', request.params, request),
        }),
      'api.user',
    )
    .setOptions({ tokens: { id: '\\d+' } });
  return api;
}

/**
 * The application every runtime serves: the seed's routes (`GET /`, `GET /ping`, `POST /post`), a JSON
 * body read and answered (`POST /echo`) and an API mounted at `/api`. Plain JavaScript, so Node, Bun and
 * Deno run this same file without a build step.
 */
export function createApp() {
  const app = AppFactory.create(undefined, new FindMyWayRouter());
  app.pipe('/api', createApi());
  app.pipeRoutingMiddleware();
  app.pipeDispatchMiddleware();

  app.get('/', () => new TextResponse('Hello from @framework!'));
  app.get('/ping', () => new JsonResponse({ ack: Math.floor(Date.now() / 1000) }));
  app.post('/post', async (request) => {
    const body = await request.text();
    return new TextResponse(`Received a POST with ${new TextEncoder().encode(body).length} bytes.`);
  });
  app.post('/echo', async (request) => new JsonResponse({ received: await request.json() }, 201));
  return app;
}
