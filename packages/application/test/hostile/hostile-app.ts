import type { Router } from '@framework/router-contract';
import {
  Application,
  JsonResponse,
  RedirectResponse,
  type ServerRequest,
  TextResponse,
  timeout,
} from '../../src';

/** How long the hostile application's `timeout()` middleware waits before answering 503. */
export const HOSTILE_TIMEOUT_MS = 300;

/** The application under attack, what it reported to `onError`, and what its registration refused. */
export interface HostileApp {
  readonly app: Application;
  readonly reported: unknown[];
  /** The error `setOptions` threw for the unsafe token `(a+)+$`, if any. */
  readonly unsafeTokenError: unknown;
  /** How each `POST /upload` ended: `read <n>` or the code its body reader failed with. */
  readonly uploads: string[];
  /** How many `GET /slow` requests have reached their handler. */
  readonly slowArrivals: () => number;
}

/** A thrown value whose every read throws, sync or async (a getter that throws itself). */
function poisonedValue(): unknown {
  const value = {
    get status(): never {
      throw value;
    },
    get message(): never {
      throw value;
    },
  };
  return value;
}

/**
 * One application in production mode with a route of every kind (static, param, multi-placeholder,
 * any method, POST only, explicit HEAD) and handlers that misbehave the ways the hostile suite sends
 * requests to. Pipe order: `timeout()` first, then routing and dispatch.
 */
export function createHostileApp(router: Router<unknown>): HostileApp {
  const reported: unknown[] = [];
  const app = new Application(router, { development: false, onError: (error) => reported.push(error) });
  app.pipe(timeout(HOSTILE_TIMEOUT_MS));
  app.pipeRoutingMiddleware();
  app.pipeDispatchMiddleware();

  app.get('/static', () => new TextResponse('static'));
  app.get('/admin', () => new TextResponse('admin area'));
  app.get('/users/{id}', (request) => new JsonResponse({ id: request.params.id }));
  app
    .get('/files/{name}.{ext}', (request) => new JsonResponse(request.params))
    .setOptions({
      tokens: { ext: 'json|xml|csv' },
    });
  app.route('/any', (request: ServerRequest) => new TextResponse(`any ${request.method}`));
  app.route('/head-only', () => new TextResponse('', { headers: { 'x-head-route': 'yes' } }), ['HEAD']);
  app.get('/query', (request) => new JsonResponse({ keys: Object.keys(request.query) }));
  app.post('/json', async (request) => {
    const body = (await request.json()) as Record<string, unknown>;
    return new JsonResponse({ keys: Object.keys(body), prototype: Object.getPrototypeOf(body) === null });
  });
  const uploads: string[] = [];
  app.post('/upload', async (request) => {
    try {
      uploads.push(`read ${(await request.text()).length}`);
    } catch (error) {
      uploads.push(String((error as { code?: unknown }).code));
      throw error;
    }
    return new TextResponse(uploads.at(-1) ?? '');
  });
  app.get('/headers', (request) => new JsonResponse({ names: Object.keys(request.headers) }));
  app.get(
    '/echo/{value}',
    (request) => new TextResponse('echo', { headers: { 'x-echo': request.params.value } }),
  );

  let unsafeTokenError: unknown;
  const redos = app.get('/redos/{v}', (request) => new TextResponse(request.params.v));
  try {
    redos.setOptions({ tokens: { v: '(a+)+$' } });
  } catch (error) {
    unsafeTokenError = error;
  }
  redos.setOptions({ tokens: { v: 'a+' } });

  app.get('/throw-poisoned', () => {
    throw poisonedValue();
  });
  app.get('/reject-poisoned', () => Promise.reject(poisonedValue()));
  app.get('/throw-error', () => {
    throw new Error('secret detail at /srv/app/src/handler.ts');
  });
  app.get('/hang', () => new Promise<TextResponse>(() => undefined));
  let slowArrivals = 0;
  app.get('/slow', () => {
    slowArrivals += 1;
    return new Promise<TextResponse>((resolve) => setTimeout(() => resolve(new TextResponse('slow')), 50));
  });
  app.get('/bad-header', () => new TextResponse('x', { headers: { 'x-bad': 'snow\u2603man' } }));
  app.get('/redirect-crlf', () => new RedirectResponse('/a\r\nSet-Cookie: injected=1'));
  app.get('/redirect-unicode', () => new RedirectResponse('/café/☃'));
  app.get(
    '/status-700',
    () => ({ status: 700, headers: new Headers(), body: null }) as unknown as TextResponse,
  );

  return { app, reported, unsafeTokenError, uploads, slowArrivals: () => slowArrivals };
}
