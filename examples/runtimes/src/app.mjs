import { JsonResponse } from '@framework/application';
import { createApp as createBasicApp } from '@framework/example-basic/dist/app.js';

/**
 * The application every runtime serves: examples/basic's (the seed's `GET /`, `GET /ping` and
 * `POST /post`, an API mounted at `/api`) plus a JSON body read and answered at `POST /echo`. Plain
 * JavaScript over the built example, so Node, Bun and Deno run this same file without a build step.
 */
export function createApp() {
  const app = createBasicApp();
  app.post('/echo', async (request) => new JsonResponse({ received: await request.json() }, 201));
  return app;
}
