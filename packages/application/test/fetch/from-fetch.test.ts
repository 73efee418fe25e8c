import { describe, expect, test } from '@jest/globals';
import { Hono } from 'hono';
import { ApplicationError, fromFetch, JsonResponse, TextResponse } from '../../src';
import { call, createApp } from '../support/app';

/** A Hono application: what it sees of the URL, a path param, a POST body read back, its own 404. */
function createHono(): Hono {
  const hono = new Hono();
  hono.get('/', (c) => c.json({ seen: new URL(c.req.url).pathname + new URL(c.req.url).search }));
  hono.get('/users/:id', (c) => c.json({ id: c.req.param('id'), query: c.req.query('x') ?? null }));
  hono.post('/echo', async (c) => c.json({ method: c.req.method, received: await c.req.text() }, 201));
  hono.notFound((c) => c.text(`hono has no ${new URL(c.req.url).pathname}`, 404));
  hono.onError((_error, c) => c.text('hono failed', 500));
  return hono;
}

function appWithHono(options: { bodyLimit?: number } = {}) {
  const app = createApp(options);
  app.pipe('/legacy', fromFetch(createHono().fetch));
  app.get('/ours', () => new TextResponse('ours'));
  return app;
}

describe('fromFetch: a fetch handler mounted in our application', () => {
  test.each([
    ['/legacy', '/'],
    ['/legacy/', '/'],
    ['/legacy?x=1', '/?x=1'],
    ['/legacy/?x=1', '/?x=1'],
  ])('%s reaches the handler as %s', async (path, seen) => {
    const response = await call(appWithHono(), path);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ seen });
  });

  test('a path param and the query reach the handler with the prefix removed', async () => {
    const response = await call(appWithHono(), '/legacy/users/7?x=2');
    expect(await response.json()).toEqual({ id: '7', query: '2' });
  });

  test('a POST body streams through to the handler, whose status and headers come back as they are', async () => {
    const body = 'héllo '.repeat(1000);
    const response = await call(appWithHono(), '/legacy/echo', { method: 'POST', body });
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ method: 'POST', received: body });
  });

  test("the handler's 404 is the answer: the rest of the pipeline is not asked", async () => {
    const response = await call(appWithHono(), '/legacy/ours');
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('hono has no /ours');
  });

  test('paths outside the prefix are ours, a look-alike prefix included', async () => {
    const app = appWithHono();
    expect(await (await call(app, '/ours')).text()).toBe('ours');
    expect((await call(app, '/legacyx')).status).toBe(404);
    expect(await (await call(app, '/legacyx')).text()).not.toMatch(/hono/);
  });

  test('a body read by earlier middleware reaches the handler from the shared read', async () => {
    const app = createApp();
    app.pipe(async (request, next) => {
      await request.text();
      return next.handle(request);
    });
    app.pipe('/legacy', fromFetch(createHono().fetch));
    const response = await call(app, '/legacy/echo', { method: 'POST', body: 'read twice' });
    expect(await response.json()).toEqual({ method: 'POST', received: 'read twice' });
  });

  test('a declared body over the limit is a 413 before the handler runs', async () => {
    let called = false;
    const app = createApp({ bodyLimit: 10 });
    app.pipe(
      '/legacy',
      fromFetch(() => {
        called = true;
        return new Response('ran');
      }),
    );
    const init = { method: 'POST', headers: { 'content-length': '11' }, body: 'x'.repeat(11) };
    const response = await call(app, '/legacy/echo', init);
    expect(response.status).toBe(413);
    expect(called).toBe(false);
  });

  test('a streamed body growing past the limit errors the handler stream and answers 413', async () => {
    const app = appWithHono({ bodyLimit: 10 });
    const chunks = ['12345', '67890', 'abcde'];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = chunks.shift();
        if (chunk === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(chunk));
      },
    });
    const init = { method: 'POST', body, duplex: 'half' } as RequestInit;
    const response = await call(app, '/legacy/echo', init);
    expect(response.status).toBe(413);
  });

  test('the handler receives the env and execution context of a module worker', async () => {
    const app = createApp();
    app.pipe(
      '/worker',
      fromFetch((_request, env: { NAME: string }, context: { waitUntil: unknown }) =>
        Response.json({ name: env.NAME, waitUntil: typeof context.waitUntil }),
      ),
    );
    const context = { waitUntil: () => undefined };
    const response = await app.fetch(new Request('http://localhost/worker'), { NAME: 'kv' }, context);
    expect(await response.json()).toEqual({ name: 'kv', waitUntil: 'function' });
  });

  test('a handler that throws becomes our 500', async () => {
    const app = createApp();
    app.pipe(
      '/legacy',
      fromFetch(() => {
        throw new Error('foreign failure');
      }),
    );
    const response = await call(app, '/legacy');
    expect(response.status).toBe(500);
    expect(await response.text()).not.toMatch(/foreign failure/);
  });

  test('a path the handler would decode to another one is a 400: a guard piped above cannot be passed by', async () => {
    const hono = new Hono();
    let reached = 0;
    hono.get('/admin/users', (c) => {
      reached += 1;
      return c.text('the admin list');
    });
    const app = createApp();
    app.pipe('/legacy/admin', () => new TextResponse('guarded', { status: 403 }));
    app.pipe('/legacy', fromFetch(hono.fetch));
    // Hono decodes escapes before routing: `/%61dmin/users` is its `/admin/users`.
    expect(await (await hono.fetch(new Request('http://localhost/%61dmin/users'))).text()).toBe(
      'the admin list',
    );
    reached = 0;
    for (const path of ['/legacy/%61dmin/users', '/legacy/adm%69n/users', '/legacy/%41dmin/users']) {
      const response = await call(app, path);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'FRAMEWORK_ERR_REQUEST_MALFORMED_URL' });
    }
    expect((await call(app, '/legacy/admin/users')).status).toBe(403);
    expect(reached).toBe(0);
  });

  test('something other than a function is refused when the middleware is made', () => {
    expect(() => fromFetch({} as never)).toThrow(ApplicationError);
    expect(() => fromFetch('fetch' as never)).toThrow(/fromFetch\(\) needs a fetch handler.+got string/);
  });
});

describe('app.fetch mounted in a Hono application', () => {
  function honoWithOurs() {
    const app = createApp();
    app.get('/users/{id}', (request) => new JsonResponse({ id: request.params.id, path: request.path }));
    app.post('/echo', async (request) => new JsonResponse({ received: await request.json() }, 201));
    const hono = new Hono();
    hono.mount('/ours', app.fetch);
    hono.get('/theirs', (c) => c.text('theirs'));
    return hono;
  }

  test('a path param reaches our route with the prefix removed', async () => {
    const response = await honoWithOurs().request('http://localhost/ours/users/7');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: '7', path: '/users/7' });
  });

  test('a JSON POST body reaches our route', async () => {
    const response = await honoWithOurs().request('http://localhost/ours/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada' }),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ received: { name: 'Ada' } });
  });

  test('our 404 and 405 come back through Hono as they are', async () => {
    const hono = honoWithOurs();
    expect((await hono.request('http://localhost/ours/missing')).status).toBe(404);
    const notAllowed = await hono.request('http://localhost/ours/users/7', { method: 'DELETE' });
    expect(notAllowed.status).toBe(405);
    expect(notAllowed.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(await (await hono.request('http://localhost/theirs')).text()).toBe('theirs');
  });
});
