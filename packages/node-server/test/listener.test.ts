import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createServer, request as nodeRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { Agent, request } from 'undici';
import { EmptyResponse, JsonResponse, LightResponse, TextResponse } from '@framework/application';
import { createListener, run } from '../src';
import { createApp } from './support/app';
import { rawRequest } from './support/raw-http';
import { closeServer, serve } from './support/serve';

const app = createApp({ bodyLimit: 64 });
app.get('/', () => new TextResponse('home'));
app.get('/json', () => new JsonResponse({ ack: 1 }));
app.get('/empty', () => new EmptyResponse());
app.get('/empty-200', () => new EmptyResponse(200));
app.get('/web-empty-200', () => new Response(null, { status: 200 }));
app.post('/post-only', () => new TextResponse('posted'));
app.get(
  '/stream',
  () => new LightResponse(Readable.from(['a', 'b', 'c']), { headers: { 'content-type': 'text/csv' } }),
);
app.get('/web', () => {
  const headers = new Headers({ 'content-type': 'text/plain' });
  headers.append('set-cookie', 'a=1');
  headers.append('set-cookie', 'b=2');
  return new Response('web body', { status: 202, headers });
});
app.get(
  '/web-stream',
  () => new Response(Readable.toWeb(Readable.from(['x', 'y'])) as ReadableStream, { status: 200 }),
);
app.post('/echo', async (r) => new JsonResponse(await r.json()));
app.post('/to-request', async (r) => {
  const web = r.toRequest();
  return new TextResponse(`${web.method} ${new URL(web.url).pathname} ${await web.text()}`);
});
app.get('/boom', async () => {
  throw new Error('do not leak me');
});

let server: Server;
let origin: string;
const agent = new Agent({ keepAliveTimeout: 10 });

beforeAll(async () => {
  ({ server, origin } = await serve(app));
});
afterAll(async () => {
  await agent.close();
  await closeServer(server);
});

async function get(path: string, method = 'GET', body?: string) {
  const headers = body === undefined ? {} : { 'content-type': 'application/json' };
  const response = await request(`${origin}${path}`, {
    method: method as 'GET',
    body,
    headers,
    dispatcher: agent,
  });
  return { status: response.statusCode, headers: response.headers, text: await response.body.text() };
}

describe('the Node listener over a real socket', () => {
  test('writes in-memory bodies with Content-Length', async () => {
    const home = await get('/');
    expect([home.status, home.text, home.headers['content-type'], home.headers['content-length']]).toEqual([
      200,
      'home',
      'text/plain; charset=utf-8',
      '4',
    ]);
    expect((await get('/json')).text).toBe('{"ack":1}');
  });

  test('HEAD and 204 carry no body', async () => {
    const head = await get('/json', 'HEAD');
    expect([head.status, head.text, head.headers['content-length']]).toEqual([200, '', '9']);
    const empty = await get('/empty');
    expect([empty.status, empty.text, empty.headers['content-length']]).toEqual([204, '', undefined]);
    expect((await get('/web', 'HEAD')).text).toBe('');
  });

  test.each([
    ['an EmptyResponse with status 200', 'GET /empty-200'],
    ['a WHATWG Response with a null body and status 200', 'GET /web-empty-200'],
    ['the implicit OPTIONS answer', 'OPTIONS /post-only'],
    ['the implicit HEAD answer of a path without a GET route', 'HEAD /post-only'],
  ])('%s carries Content-Length: 0, not chunked encoding', async (_, request) => {
    const answer = await rawRequest(origin, `${request} HTTP/1.1`);
    expect([answer.status, answer.headers['content-length'], answer.headers['transfer-encoding']]).toEqual([
      200,
      '0',
      undefined,
    ]);
    expect(answer.body).toBe('');
  });

  test('HEAD of a streamed GET answer states no length', async () => {
    const answer = await rawRequest(origin, 'HEAD /stream HTTP/1.1');
    expect([answer.status, answer.headers['content-length'], answer.body]).toEqual([200, undefined, '']);
  });

  test('streams stream bodies', async () => {
    const stream = await get('/stream');
    expect([stream.text, stream.headers['content-type'], stream.headers['transfer-encoding']]).toEqual([
      'abc',
      'text/csv',
      'chunked',
    ]);
    expect((await get('/web-stream')).text).toBe('xy');
  });

  test('writes WHATWG responses with every set-cookie', async () => {
    const web = await get('/web');
    expect([web.status, web.text, web.headers['set-cookie']]).toEqual([202, 'web body', ['a=1', 'b=2']]);
  });

  test('404, 405, 400 and 413 over the socket', async () => {
    expect((await get('/missing')).status).toBe(404);
    const notAllowed = await get('/', 'DELETE');
    expect([notAllowed.status, notAllowed.headers.allow]).toEqual([405, 'GET, HEAD, OPTIONS']);
    expect((await get('/echo', 'POST', '{bad')).status).toBe(400);
    expect((await get('/echo', 'POST', JSON.stringify({ text: 'x'.repeat(100) }))).status).toBe(413);
    expect(JSON.parse((await get('/echo', 'POST', '{"a":1}')).text)).toEqual({ a: 1 });
  });

  test('a malformed percent-escape answers 400', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      nodeRequest(`${origin}/%zz`, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
        .on('error', reject)
        .end();
    });
    expect(status).toBe(400);
  });

  test('an error answers 500 without stack trace or message', async () => {
    const boom = await get('/boom');
    expect(boom.status).toBe(500);
    expect(boom.text).not.toMatch(/leak|at /);
  });
});

describe('createListener and run() options', () => {
  test('toRequest() on a Node request carries method, path and body', async () => {
    expect((await get('/to-request', 'POST', 'payload')).text).toBe('POST /to-request payload');
  });

  test('a plain handler that throws still gets a 500 answer', async () => {
    const plain = createServer(
      createListener(
        {
          handle() {
            throw new Error('hidden');
          },
        },
        { onError: () => undefined },
      ),
    );
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    try {
      const response = await request(`http://127.0.0.1:${(plain.address() as AddressInfo).port}/`);
      expect(response.statusCode).toBe(500);
      expect(await response.body.text()).not.toContain('hidden');
    } finally {
      await closeServer(plain);
    }
  });

  test('run() falls back to HOST and PORT', async () => {
    const saved = { host: process.env.HOST, port: process.env.PORT };
    process.env.HOST = '127.0.0.1';
    process.env.PORT = '0';
    try {
      const fromEnv = await run(createApp(), { handleSignals: false });
      const address = (fromEnv.address() as AddressInfo).address;
      await closeServer(fromEnv);
      expect(address).toBe('127.0.0.1');
      process.env.PORT = 'eighty';
      await expect(run(createApp(), { handleSignals: false })).rejects.toThrow(
        'Port "eighty" is not a port number (0-65535); set run({ port }) or PORT.',
      );
    } finally {
      restore('HOST', saved.host);
      restore('PORT', saved.port);
    }
  });
});

function restore(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

describe('graceful shutdown', () => {
  test('close() lets an in-flight request finish, then refuses new connections', async () => {
    let started!: () => void;
    let release!: () => void;
    const inFlight = new Promise<void>((resolve) => (started = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const slow = createApp();
    slow.get('/slow', async () => {
      started();
      await released; // answers only after close() was called: no timing involved
      return new TextResponse('finished');
    });
    const running = await serve(slow);
    const slowRequest = request(`${running.origin}/slow`);
    await inFlight;
    const closed = closeServer(running.server);
    release();
    const response = await slowRequest;
    expect(response.statusCode).toBe(200);
    expect(response.headers.connection).toBe('close');
    expect(await response.body.text()).toBe('finished');
    await closed;
    await expect(request(`${running.origin}/slow`)).rejects.toThrow();
  });
});
