import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Application, HtmlResponse, JsonResponse } from '@framework/application';
import { cors, serveStatic } from '@framework/middleware';
import { FindMyWayRouter } from '@framework/router-fmw';
import skeleton from '@framework/skeleton/dist/public/index.js';
import { addStreamRoutes } from './stream-routes.mjs';

const publicDir = join(import.meta.dirname, '..', 'public');
/** securityHeaders()'s default Content-Security-Policy, as the middleware README gives it. */
const DEFAULT_POLICY = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self' https: data:",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "img-src 'self' data:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' https: 'unsafe-inline'",
].join(';');
const listen = (app, host) => app.run({ host, port: 0, handleSignals: false });
const originOf = (host, server) => `http://${host}:${server.address().port}`;

/**
 * The scaffolded application (examples/skeleton, built: its configured pipeline of securityHeaders,
 * compress, the /assets files and the API, then routing) with the test's own page at /browser/, the
 * streams the page follows, and a page at /browser/cors that calls the API `connectTo()` names. It
 * listens on each of `hosts` (one server each, one application).
 */
export async function servePage(hosts) {
  const app = await skeleton.createApp();
  const sent = addStreamRoutes(app);
  // The cors section's setup: a page that calls an API on another origin adds it to connect-src of
  // its policy, the default one otherwise (a header the handler sets is kept by securityHeaders).
  const corsPage = readFileSync(join(publicDir, 'cors.html'), 'utf8');
  let apiOrigin = '';
  app.get('/browser/cors', () => {
    const policy = `${DEFAULT_POLICY};connect-src 'self' ${apiOrigin}`;
    return new HtmlResponse(corsPage, { headers: { 'content-security-policy': policy } });
  });
  app.pipe('/browser', serveStatic(publicDir));
  const servers = [];
  for (const host of hosts) servers.push(await listen(app, host));
  return {
    origins: servers.map((server, index) => originOf(hosts[index], server)),
    servers,
    sent,
    connectTo: (origin) => (apiOrigin = origin),
  };
}

/**
 * The API of the cors section of the middleware README, on its own origin: `cors()` with the page's
 * origin listed and credentials allowed. `requests` records what reached it (preflights included).
 */
export async function serveApi(host, allowedOrigin) {
  const requests = [];
  const app = new Application(new FindMyWayRouter());
  app.pipe((request, handler) => {
    requests.push(`${request.method} ${request.path} from ${request.header('origin') ?? 'no origin'}`);
    return handler.handle(request);
  });
  app.pipe(cors({ origin: [allowedOrigin], credentials: true, maxAge: 600 }));
  app.pipeRoutingMiddleware();
  app.pipeDispatchMiddleware();
  app.get('/notes', () => new JsonResponse([{ title: 'first note' }]));
  app.post('/notes', async (request) => new JsonResponse(await request.json(), 201));
  const server = await listen(app, host);
  return { origin: originOf(host, server), server, requests };
}
