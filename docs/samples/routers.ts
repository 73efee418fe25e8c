import { AppFactory, JsonResponse, TextResponse } from '@framework/application';
import type { Router } from '@framework/router-contract';

// The application is written once; only the router passed in changes.
export function createApp(router: Router) {
  const app = AppFactory.create(undefined, router);
  app.get('/files/{name}.{ext}', (request) => new JsonResponse(request.params));
  app.get('/users/{id:\\d+}', (request) => new JsonResponse({ user: Number(request.params.id) }));
  app.route('/cache/{key}', () => new TextResponse('any method')); // no method list
  app.route('/status', () => new TextResponse('no method listed'), []); // an empty list
  return app;
}
