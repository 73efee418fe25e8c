import { AppFactory, fromFetch, getEnv, JsonResponse, TextResponse } from '@framework/application';
import { PathToRegexpRouter } from '@framework/router-ptr';
import { createHostileRoutes } from './hostile-routes.mjs';

/** Bodies over 64 KiB are a 413, a streamed one for the mounted fetch handler too. */
export const BODY_LIMIT = 64 * 1024;

/**
 * The application every runtime serves. Plain JavaScript over the built packages, so Node, Bun, Deno
 * and workerd run this same file without a build step. Its router is router-ptr: router-fmw's
 * find-my-way imports `node:assert`, which workerd has not without `nodejs_compat`.
 *
 * What it shows: text, JSON, HEAD, a text and a JSON body, a route param with a token, a mounted
 * application, a fetch handler mounted with `fromFetch`, a thrown error becoming a 500, a middleware
 * header on every answer, a module worker's `env` read through `getEnv(request)`, the client address
 * each runtime reports, and `app.request()` called by the runtime itself.
 */
export function createApp() {
  const app = AppFactory.create(undefined, new PathToRegexpRouter(), {
    development: false,
    bodyLimit: BODY_LIMIT,
  });
  app.pipe(async (request, next) => {
    const response = await next.handle(request);
    response.headers.set('x-runtimes-app', 'piped');
    return response;
  });
  app.pipe('/api', createApi());
  app.pipe('/legacy', fromFetch(legacyFetch));
  app.pipe('/hostile', createHostileRoutes());
  app.pipeRoutingMiddleware();
  app.pipeDispatchMiddleware();

  app.get('/', () => new TextResponse('Hello from @framework!'));
  app.get('/ping', () => new JsonResponse({ ack: Math.floor(Date.now() / 1000) }));
  app.post('/post', async (request) => {
    const bytes = new Uint8Array(await request.arrayBuffer()).byteLength;
    return new TextResponse(`Received a POST with ${bytes} bytes.`);
  });
  app.post('/echo', async (request) => new JsonResponse({ received: await request.json() }, 201));
  app.get('/boom', () => {
    throw new Error('a secret the client must not see');
  });
  app.get('/env', (request) => {
    const env = request.platform.env === undefined ? null : getEnv(request);
    return new JsonResponse({ greeting: env?.GREETING ?? null });
  });
  app.get('/ip', (request) => new JsonResponse({ clientAddress: request.clientAddress ?? null }));
  // app.request() run by the runtime itself: a path, and a path with RequestInit, answered without a socket.
  app.get('/self', async () => {
    const ping = await app.request('/ping');
    const echo = await app.request('/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    return new JsonResponse({
      ping: [ping.status, ping.headers.get('x-runtimes-app'), typeof (await ping.json()).ack],
      echo: [echo.status, await echo.json()],
    });
  });
  return app;
}

/** Mounted at `/api`: its `/users/7` answers `/api/users/7`, and its links carry the mount path. */
function createApi() {
  const api = AppFactory.create(undefined, new PathToRegexpRouter(), { development: false });
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
 * A plain WHATWG fetch handler, as another framework or a worker has one: it echoes what it saw. Its
 * content types are spelt out, since each runtime's `Response` writes its own default.
 */
async function legacyFetch(request) {
  const url = new URL(request.url);
  if (url.pathname === '/missing') {
    return new Response('legacy has no such page', {
      status: 404,
      headers: { 'content-type': 'text/plain' },
    });
  }
  const body = request.body === null ? null : await request.text();
  const seen = JSON.stringify({ method: request.method, path: url.pathname + url.search, body });
  return new Response(seen, { headers: { 'content-type': 'application/json' } });
}
