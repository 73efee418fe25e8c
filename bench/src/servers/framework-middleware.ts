import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { Application, type Middleware, type ServerRequest, TextResponse } from '@framework/application';
import { run } from '@framework/node-server';
import {
  compress,
  conditionalGet,
  cookies,
  cors,
  securityHeaders,
  serveStatic,
  validate,
} from '@framework/middleware';
import { FindMyWayRouter } from '@framework/router-fmw';
import { announce } from './announce';
import { BODY, COOKIE_SECRET, type MiddlewareCase, ORIGIN } from '../middleware-load';

// The bench application with one middleware of @framework/middleware piped before routing, chosen by
// BENCH_MIDDLEWARE ('bare' pipes none). Every case answers GET / with the same 2 KiB text body.
const page = validate({ query: z.object({ page: z.coerce.number().int().min(1) }) });

function staticRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'bench-static-'));
  writeFileSync(join(root, 'index.html'), BODY);
  return root;
}

const CASES: Record<
  MiddlewareCase,
  () => { middleware: Middleware[]; handler: (request: ServerRequest) => TextResponse }
> = {
  bare: () => ({ middleware: [], handler: () => new TextResponse(BODY) }),
  cors: () => ({ middleware: [cors({ origin: [ORIGIN] })], handler: () => new TextResponse(BODY) }),
  securityHeaders: () => ({ middleware: [securityHeaders()], handler: () => new TextResponse(BODY) }),
  cookies: () => ({
    middleware: [cookies({ secret: COOKIE_SECRET })],
    handler: (request) => new TextResponse(request.signedCookies.session === undefined ? '' : BODY),
  }),
  conditionalGet: () => ({ middleware: [conditionalGet()], handler: () => new TextResponse(BODY) }),
  'compress (gzip)': () => ({
    middleware: [compress({ encodings: ['gzip'] })],
    handler: () => new TextResponse(BODY),
  }),
  'compress (brotli)': () => ({
    middleware: [compress({ encodings: ['br'] })],
    handler: () => new TextResponse(BODY),
  }),
  serveStatic: () => ({ middleware: [serveStatic(staticRoot())], handler: () => new TextResponse(BODY) }),
  validate: () => ({
    middleware: [],
    handler: (request) => new TextResponse(page.of(request).query.page === 2 ? BODY : ''),
  }),
};

const name = (process.env.BENCH_MIDDLEWARE ?? 'bare') as MiddlewareCase;
const setup = CASES[name] as (typeof CASES)[MiddlewareCase] | undefined;
if (setup === undefined)
  throw new Error(`Unknown BENCH_MIDDLEWARE ${name}; one of ${Object.keys(CASES).join(', ')}`);
const { middleware, handler } = setup();
const app = new Application(new FindMyWayRouter());
for (const entry of middleware) app.pipe(entry);
app.pipeRoutingMiddleware();
app.pipeDispatchMiddleware();
app.get('/', name === 'validate' ? [page, handler] : handler);
void run(app, { host: '127.0.0.1', port: 0 }).then(announce);
