import { describe, expect, test } from '@jest/globals';
import {
  type Application,
  getEnv,
  getExecutionContext,
  JsonResponse,
  type ServerRequest,
  ServerRequest as Request_,
} from '../../src';
import { createApp } from '../support/app';

interface Env {
  readonly GREETING: string;
}

/** Answers what the request's platform holds, read through the documented accessors. */
function describePlatform(request: ServerRequest) {
  const { env, executionContext, remoteAddress } = request.platform;
  return new JsonResponse({
    env: env ?? null,
    waitUntil: typeof executionContext?.waitUntil,
    remoteAddress: remoteAddress ?? null,
    clientAddress: request.clientAddress ?? null,
    sameRequest: request.platform.request !== undefined,
  });
}

function platformApp(): Application {
  const app = createApp();
  app.get('/platform', describePlatform);
  app.get('/greeting', (request) => new JsonResponse({ greeting: getEnv<Env>(request).GREETING }));
  app.get('/later', (request) => {
    getExecutionContext(request).waitUntil(Promise.resolve('logged'));
    return new JsonResponse({ scheduled: true });
  });
  return app;
}

const get = (path: string) => new Request(`http://localhost${path}`);

describe('app.fetch(request, env, ctx): a module worker', () => {
  test('env and the execution context reach handlers through the accessors', async () => {
    const scheduled: Promise<unknown>[] = [];
    const context = { waitUntil: (promise: Promise<unknown>) => void scheduled.push(promise) };
    const app = platformApp();
    const greeting = await app.fetch(get('/greeting'), { GREETING: 'hello' }, context);
    expect(await greeting.json()).toEqual({ greeting: 'hello' });
    await app.fetch(get('/later'), { GREETING: 'hello' }, context);
    expect(await Promise.all(scheduled)).toEqual(['logged']);
  });

  test('export default app: a worker env is never read as options, even one holding clientAddress', async () => {
    const env = { clientAddress: '6.6.6.6', bodyLimit: 1 };
    const response = await platformApp().fetch(get('/platform'), env, { waitUntil: () => undefined });
    expect(await response.json()).toEqual({
      env,
      waitUntil: 'function',
      remoteAddress: null,
      clientAddress: null,
      sameRequest: true,
    });
  });

  test('an env without a context is still an env', async () => {
    const response = await platformApp().fetch(get('/greeting'), { GREETING: 'only env' });
    expect(await response.json()).toEqual({ greeting: 'only env' });
  });

  test('without env, the accessors answer a 500 naming the missing fact, and request.platform holds undefined', async () => {
    const app = platformApp();
    const missing = await app.fetch(get('/greeting'));
    expect(missing.status).toBe(500);
    const platform = await (await app.fetch(get('/platform'))).json();
    expect(platform).toMatchObject({ env: null, waitUntil: 'undefined', clientAddress: null });
    expect(() => getEnv(Request_.fromRequest(get('/')))).toThrow(
      /getEnv\(request\): the runtime gave this request no env/,
    );
    expect(() => getExecutionContext(Request_.fromRequest(get('/')))).toThrow(
      expect.objectContaining({ code: 'FRAMEWORK_ERR_PLATFORM_FACT_MISSING' }),
    );
  });
});

describe('app.fetch as Bun and Deno call it', () => {
  test("Bun.serve({ fetch: app.fetch }): the server's requestIP() gives the client address, and it is no env", async () => {
    const asked: Request[] = [];
    const server = {
      requestIP: (request: Request) => {
        asked.push(request);
        return { address: '192.0.2.7', port: 50000, family: 'IPv4' };
      },
    };
    const request = get('/platform');
    const answer = await (await platformApp().fetch(request, server)).json();
    expect(answer).toEqual({
      env: null,
      waitUntil: 'undefined',
      remoteAddress: '192.0.2.7',
      clientAddress: '192.0.2.7',
      sameRequest: true,
    });
    expect(asked[0]).toBe(request);
  });

  test('Bun: a bare path as the request URL (its answer to a Host that is no authority) routes, and url is on localhost', async () => {
    // Bun's Request.url is the bare target when the Host header is no authority (`Host: a@b`).
    const request = get('/where?x=1');
    Object.defineProperty(request, 'url', { value: '/where?x=1' });
    const app = createApp();
    app.get('/where', (each) => new JsonResponse({ url: each.url, path: each.path, x: each.query['x'] }));
    const answer = await app.fetch(request, { requestIP: () => null });
    expect([answer.status, await answer.json()]).toEqual([
      200,
      { url: 'http://localhost/where?x=1', path: '/where', x: '1' },
    ]);
  });

  test('Bun: an address is asked for only when read', async () => {
    let asked = 0;
    const server = { requestIP: () => (asked++, { address: '192.0.2.7' }) };
    const app = platformApp();
    app.get('/quiet', () => new JsonResponse({ ok: true }));
    await app.fetch(get('/quiet'), server);
    expect(asked).toBe(0);
  });

  test('Deno.serve(app.fetch): info.remoteAddr gives the client address, and it is no env', async () => {
    const info = {
      remoteAddr: { transport: 'tcp', hostname: '2001:db8::1', port: 4000 },
      completed: Promise.resolve(),
    };
    const answer = await (await platformApp().fetch(get('/platform'), info)).json();
    expect(answer).toMatchObject({ env: null, remoteAddress: '2001:db8::1', clientAddress: '2001:db8::1' });
  });

  test('Deno: a Host that is no authority, which Deno writes into the URL unparsed, is a 400 that closes', async () => {
    const info = { remoteAddr: { transport: 'tcp', hostname: '127.0.0.1', port: 4000 } };
    const app = createApp();
    app.get('/public', () => new JsonResponse({ route: 'public' }));
    app.get('/admin', () => new JsonResponse({ route: 'admin' }));
    // Deno's Request.url for `GET /public` with `Host: evil.example/admin?` is scheme, Host and target.
    const asDeno = (host: string, method = 'GET') => {
      const url = host === 'evil.example/admin?' ? `http://${host}/public` : 'http://localhost/public';
      return app.fetch(new Request(url, { method, headers: { host } }), info);
    };
    for (const host of ['evil.example/admin?', 'evil.example/admin#', 'a@evil.example', 'a b', 'a, b', '']) {
      const answer = await asDeno(host);
      expect([
        answer.status,
        answer.headers.get('connection'),
        ((await answer.json()) as { code?: string }).code,
      ]).toEqual([400, 'close', 'FRAMEWORK_ERR_REQUEST_MALFORMED_URL']);
    }
    expect((await asDeno('evil.example/admin?', 'HEAD')).body).toBeNull();
    for (const host of ['localhost:8000', '127.0.0.1', '[::1]:8000', 'example.com']) {
      expect(await (await asDeno(host)).json()).toEqual({ route: 'public' });
    }
    // Only Deno writes the URL unparsed: elsewhere the runtime's parsed URL is routed as it is.
    const parsed = new Request('http://evil.example/public', { headers: { host: 'a b' } });
    expect((await app.fetch(parsed)).status).toBe(200);
  });

  test('the client address from the runtime goes through trustProxy as the socket peer does', async () => {
    const app = createApp({ trustProxy: ['192.0.2.0/24'] });
    app.get('/platform', describePlatform);
    const server = { requestIP: () => ({ address: '192.0.2.7' }) };
    const request = new Request('http://localhost/platform', {
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(await (await app.fetch(request, server)).json()).toMatchObject({ clientAddress: '203.0.113.9' });
  });
});

describe('app.fetchWith(request, facts)', () => {
  test('gives the client address, env and execution context explicitly', async () => {
    const app = platformApp();
    const facts = { clientAddress: '198.51.100.4', env: { GREETING: 'explicit' } };
    const answer = await (await app.fetchWith(get('/platform'), facts)).json();
    expect(answer).toMatchObject({ env: { GREETING: 'explicit' }, clientAddress: '198.51.100.4' });
    expect(await (await app.fetchWith(get('/greeting'), facts)).json()).toEqual({ greeting: 'explicit' });
  });

  test('without facts it is fetch() without a platform', async () => {
    const answer = await (await platformApp().fetchWith(get('/platform'))).json();
    expect(answer).toMatchObject({ env: null, clientAddress: null });
  });
});
