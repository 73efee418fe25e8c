import { AppFactory, type Application, JsonResponse } from '@framework/application';
import { FindMyWayRouter } from '@framework/router-fmw';

/** The API application; `app.ts` mounts it at `/api`, so its `/users/1` answers `/api/users/1`. */
export function createApi(): Application {
  const api = AppFactory.create(undefined, new FindMyWayRouter());
  api.pipeRoutingMiddleware();
  api.pipeDispatchMiddleware();

  api.get('/', (request) => new JsonResponse({ user: api.generateUri('api.user', { id: 1 }, request) }));
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
