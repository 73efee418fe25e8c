import type { Router } from '@framework/router-contract';
import { Application, JsonResponse, RedirectResponse, type ServerRequest, TextResponse, timeout } from '@framework/application';

/** How long the hostile application's `timeout()` middleware waits before answering 503. */
export const HOSTILE_TIMEOUT_MS = 300;

/** Options of `createHostileApp`. */
export interface HostileAppOptions {
  /** What the `timeout()` piped first waits for (default `HOSTILE_TIMEOUT_MS`). */
  readonly timeoutMs?: number;
}

/** The application under attack, what it reported to `onError`, and what its registration refused. */
export interface HostileApp {
  readonly app: Application;
  readonly reported: unknown[];
  /** The error `setOptions` threw for the unsafe token `(a+)+$`, if any. */
  readonly unsafeTokenError: unknown;
  /**
   * Resolves with how the next `POST /upload` or `POST /upload-held` body read ends: `read <n>` or the
   * code the body reader failed with. Call it before sending the upload.
   */
  readonly nextUpload: () => Promise<string>;
  /** Resolves once `count` requests wait at the gate (`GET /held`, `POST /upload-held`). */
  readonly held: (count: number) => Promise<void>;
  /** Lets every request waiting at the gate go on: `GET /held` answers 200 `held`. */
  readonly release: () => void;
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
export function createHostileApp(router: Router<unknown>, options: HostileAppOptions = {}): HostileApp {
  const reported: unknown[] = [];
  const app = new Application(router, { development: false, onError: (error) => reported.push(error) });
  app.pipe(timeout(options.timeoutMs ?? HOSTILE_TIMEOUT_MS));
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
  const uploadWaiters: Array<(outcome: string) => void> = [];
  const uploadEnded = (outcome: string): string => {
    for (const settle of uploadWaiters.splice(0)) settle(outcome);
    return outcome;
  };
  const upload = async (request: ServerRequest): Promise<TextResponse> => {
    try {
      return new TextResponse(uploadEnded(`read ${(await request.text()).length}`));
    } catch (error) {
      uploadEnded(String((error as { code?: unknown }).code));
      throw error;
    }
  };
  app.post('/upload', upload);

  const gate = createGate();
  app.get('/held', async () => {
    await gate.wait();
    return new TextResponse('held');
  });
  app.post('/upload-held', async (request) => {
    await gate.wait();
    return upload(request);
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
  app.get(
    '/slow',
    () => new Promise<TextResponse>((resolve) => setTimeout(() => resolve(new TextResponse('slow')), 50)),
  );
  app.get('/bad-header', () => new TextResponse('x', { headers: { 'x-bad': 'snow\u2603man' } }));
  app.get('/redirect-crlf', () => new RedirectResponse('/a\r\nSet-Cookie: injected=1'));
  app.get('/redirect-unicode', () => new RedirectResponse('/café/☃'));
  app.get(
    '/status-700',
    () => ({ status: 700, headers: new Headers(), body: null }) as unknown as TextResponse,
  );

  return {
    app,
    reported,
    unsafeTokenError,
    nextUpload: () => new Promise((resolve) => uploadWaiters.push(resolve)),
    held: gate.whenWaiting,
    release: gate.open,
  };
}

/** Requests wait at the gate until it opens; the test learns how many wait. */
function createGate() {
  const waiting: Array<() => void> = [];
  let watchers: Array<{ count: number; resolve: () => void }> = [];
  return {
    wait(): Promise<void> {
      const passed = new Promise<void>((resolve) => waiting.push(resolve));
      for (const watcher of watchers) if (waiting.length >= watcher.count) watcher.resolve();
      watchers = watchers.filter((watcher) => waiting.length < watcher.count);
      return passed;
    },
    whenWaiting(count: number): Promise<void> {
      if (waiting.length >= count) return Promise.resolve();
      return new Promise((resolve) => watchers.push({ count, resolve }));
    },
    open(): void {
      for (const pass of waiting.splice(0)) pass();
    },
  };
}
