import { afterEach, describe, expect, test } from '@jest/globals';
import type { Server } from 'node:http';
import { FindMyWayRouter } from '@framework/router-fmw';
import { Application, type ApplicationOptions, JsonResponse, TextResponse } from '@framework/application';
import { openConnection, rawRequest } from './support/raw-http';
import { closeServer, serve } from './support/serve';

function addressApp(options: ApplicationOptions = {}): Application {
  const app = new Application(new FindMyWayRouter(), { onError: () => undefined, ...options });
  app.pipeRoutingMiddleware();
  app.pipeDispatchMiddleware();
  app.get('/who', (request) => new JsonResponse({ address: request.clientAddress ?? null }));
  return app;
}

async function addressOf(app: Application, headers: Record<string, string>, clientAddress = '10.0.0.2') {
  const response = await app.fetchWith(new Request('http://localhost/who', { headers }), { clientAddress });
  return ((await response.json()) as { address: string | null }).address;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map(closeServer));
});

describe('request.clientAddress', () => {
  test('is the socket peer over a real connection, and forwarding headers are ignored by default', async () => {
    const { server, origin } = await serve(addressApp());
    servers.push(server);
    const answer = await rawRequest(origin, 'GET /who HTTP/1.1', [
      'Host: localhost',
      'X-Forwarded-For: 203.0.113.9',
      'Forwarded: for=198.51.100.1',
    ]);
    expect(JSON.parse(answer.body)).toEqual({ address: '127.0.0.1' });
  });

  test('believes the proxies listed in trustProxy, over a real connection', async () => {
    const { server, origin } = await serve(addressApp({ trustProxy: ['127.0.0.0/8'] }));
    servers.push(server);
    const answer = await rawRequest(origin, 'GET /who HTTP/1.1', [
      'Host: localhost',
      'X-Forwarded-For: 203.0.113.9',
    ]);
    expect(JSON.parse(answer.body)).toEqual({ address: '203.0.113.9' });
  });

  test('is what fetch() was told, or undefined', async () => {
    const app = addressApp();
    expect(await addressOf(app, {}, '192.0.2.7')).toBe('192.0.2.7');
    const response = await app.fetch(new Request('http://localhost/who'));
    expect(await response.json()).toEqual({ address: null });
  });

  test('walks X-Forwarded-For from the nearest hop while the hop is trusted', async () => {
    const app = addressApp({ trustProxy: ['10.0.0.0/8'] });
    const chain = { 'x-forwarded-for': '6.6.6.6, 203.0.113.9, 10.1.1.1' };
    // 10.0.0.2 (trusted) says 10.1.1.1 (trusted) says 203.0.113.9: not trusted, so it is the client.
    expect(await addressOf(app, chain)).toBe('203.0.113.9');
    expect(await addressOf(app, chain, '198.51.100.3')).toBe('198.51.100.3');
  });

  test('a number trusts that many hops, whoever they are', async () => {
    const chain = { 'x-forwarded-for': '6.6.6.6, 203.0.113.9, 10.1.1.1' };
    expect(await addressOf(addressApp({ trustProxy: 1 }), chain)).toBe('10.1.1.1');
    expect(await addressOf(addressApp({ trustProxy: 2 }), chain)).toBe('203.0.113.9');
    expect(await addressOf(addressApp({ trustProxy: 9 }), chain)).toBe('6.6.6.6');
  });

  test("reads Forwarded (RFC 7239) only with header: 'forwarded': quotes, brackets and ports removed", async () => {
    const app = addressApp({ trustProxy: { hops: 2, header: 'forwarded' } });
    const headers = {
      forwarded: 'for=192.0.2.60;proto=http, for="[2001:db8:cafe::17]:4711";by=10.0.0.1',
      'x-forwarded-for': '6.6.6.6',
    };
    expect(await addressOf(app, headers)).toBe('192.0.2.60');
    const oneHop = addressApp({ trustProxy: { addresses: ['10.0.0.0/8'], header: 'forwarded' } });
    expect(await addressOf(oneHop, headers)).toBe('2001:db8:cafe::17');
    expect(await addressOf(app, { forwarded: 'for=198.51.100.4:8080' })).toBe('198.51.100.4');
    // X-Forwarded-For (the default header) never reads Forwarded, and the reverse.
    expect(await addressOf(addressApp({ trustProxy: 2 }), headers)).toBe('6.6.6.6');
    expect(await addressOf(app, { 'x-forwarded-for': '6.6.6.6' })).toBe('10.0.0.2');
  });

  test('an entry that is not an IP address stops at the proxy that sent it', async () => {
    const app = addressApp({ trustProxy: 3 });
    expect(await addressOf(app, { 'x-forwarded-for': '203.0.113.9, unknown, 10.1.1.1' })).toBe('10.1.1.1');
    const forwarded = addressApp({ trustProxy: { hops: 3, header: 'forwarded' } });
    expect(await addressOf(forwarded, { forwarded: 'for=_hidden' })).toBe('10.0.0.2');
    expect(await addressOf(app, { 'x-forwarded-for': '<script>' })).toBe('10.0.0.2');
  });

  test('reads at most MAX_FORWARDED_HOPS entries of a long header', async () => {
    const many = Array.from({ length: 10_000 }, (_, index) => `10.0.${index % 250}.1`).join(', ');
    const app = addressApp({ trustProxy: ['10.0.0.0/8'] });
    expect(await addressOf(app, { 'x-forwarded-for': `203.0.113.9, ${many}` })).toMatch(/^10\.0\.\d+\.1$/);
  });

  test.each([
    [true, 'got boolean true'],
    [-1, 'got number -1'],
    [['10.0.0.0/33'], 'got the string "10.0.0.0/33"'],
    [['not-an-ip'], 'got the string "not-an-ip"'],
    [{ hops: 1, header: 'x-real-ip' }, 'got the string "x-real-ip"'],
    [{ hops: 1, addresses: ['10.0.0.1'] }, 'got an object with keys hops, addresses'],
    [{ header: 'forwarded' }, 'got an object with keys header'],
    [{ hops: 1, trust: true }, 'got an object with keys hops, trust'],
    [{ hops: 33 }, 'got number 33'],
    [{ addresses: '10.0.0.1' }, 'got the string "10.0.0.1"'],
  ])('refuses trustProxy %j when the application is made', (trustProxy, got) => {
    expect(() => addressApp({ trustProxy: trustProxy as never })).toThrow(
      'Option trustProxy must be false, a number of proxies from 0 to 32, a list of IP addresses and ' +
        `CIDR ranges such as ["10.0.0.0/8", "::1"], or an object with one of hops and addresses and an ` +
        `optional header ('x-forwarded-for' or 'forwarded'); ${got}.`,
    );
  });
});

describe('request.signal', () => {
  test('aborts when the client closes the connection before the answer (Node listener)', async () => {
    let resolveAborted: (reason: unknown) => void = () => undefined;
    const aborted = new Promise((resolve) => (resolveAborted = resolve));
    let resolveReached: () => void = () => undefined;
    const reached = new Promise<void>((resolve) => (resolveReached = resolve));
    const app = addressApp();
    app.get('/slow', (request) => {
      request.signal.addEventListener('abort', () => resolveAborted(request.signal.reason));
      resolveReached();
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(new TextResponse('late')), 5_000);
        request.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve(new TextResponse('gone'));
        });
      });
    });
    const { server, origin } = await serve(app);
    servers.push(server);
    const { socket, closed } = openConnection(origin, 'GET /slow HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await reached;
    socket.destroy();
    await closed;
    expect(await aborted).toMatchObject({ name: 'AbortError' });
  });

  test('is not aborted once the answer was written', async () => {
    let signal: AbortSignal | undefined;
    const app = addressApp();
    app.get('/quick', (request) => {
      signal = request.signal;
      return new TextResponse('done');
    });
    const { server, origin } = await serve(app);
    servers.push(server);
    expect(await (await fetch(`${origin}/quick`)).text()).toBe('done');
    await closeServer(server);
    servers.pop();
    expect(signal?.aborted).toBe(false);
  });

  test("is the Request's own signal in fetch()", async () => {
    const controller = new AbortController();
    const seen: AbortSignal[] = [];
    const app = addressApp();
    app.get('/signal', (request) => {
      seen.push(request.signal);
      return new TextResponse(String(request.signal.aborted));
    });
    const request = new Request('http://localhost/signal', { signal: controller.signal });
    expect(await (await app.fetch(request)).text()).toBe('false');
    controller.abort();
    expect(seen[0]?.aborted).toBe(true);
  });
});
