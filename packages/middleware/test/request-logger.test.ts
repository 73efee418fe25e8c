import { describe, expect, jest, test } from '@jest/globals';
import { connect } from 'node:net';
import { type ApplicationOptions, type Logger, TextResponse } from '@framework/application';
import { FindMyWayRouter } from '@framework/router-fmw';
import { Application } from '@framework/application';
import { pino } from 'pino';
import { request } from 'undici';
import { REQUEST_ID_ATTRIBUTE, requestId, type RequestIdOptions, requestLogger } from '../src';
import { listen, rawExchange } from './support/app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface LogLine {
  readonly level: number;
  readonly msg: string;
  readonly reqId: string;
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly durationMs: number;
  readonly error?: { type: string; message: string; stack?: string };
}

/**
 * An application that pipes requestId() and requestLogger() first, the skeleton's order, logging with
 * a real pino logger into memory.
 */
function loggedApp(
  options: { app?: ApplicationOptions; ids?: RequestIdOptions; logger?: Logger; stack?: boolean } = {},
) {
  const lines: LogLine[] = [];
  const destination = { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) };
  const logger = options.logger ?? pino({ level: 'debug' }, destination);
  const app = new Application(new FindMyWayRouter(), { development: false, ...options.app });
  app.pipe(requestId(options.ids));
  app.pipe(requestLogger({ logger, ...(options.stack === undefined ? {} : { stack: options.stack }) }));
  app.pipeRoutingMiddleware().pipeDispatchMiddleware();
  app.get('/hello', (request) => new TextResponse(`id ${request.getAttribute(REQUEST_ID_ATTRIBUTE)}`));
  app.get('/mounted/{id}', () => new TextResponse('ok'));
  app.get('/boom', async () => {
    throw new Error('database down');
  });
  app.get('/users/{id}', (request) => {
    throw new Error(`no user ${request.params.id}`);
  });
  app.get('/unreadable', () => {
    throw new Proxy(
      {},
      {
        get() {
          throw new Error('no field can be read');
        },
      },
    );
  });
  return { app, lines };
}

function call(app: Application, path: string, init?: RequestInit): Promise<Response> {
  return app.fetch(new Request(`http://localhost${path}`, init));
}

describe('requestLogger() and requestId()', () => {
  test('log one info line per request and echo a generated request id', async () => {
    const { app, lines } = loggedApp();
    const response = await call(app, '/mounted/7?page=2');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      method: 'GET',
      path: '/mounted/7',
      status: 200,
    });
    expect(lines[0]?.reqId).toMatch(UUID);
    expect(lines[0]?.durationMs).toBeGreaterThanOrEqual(0);
    expect(response.headers.get('x-request-id')).toBe(lines[0]?.reqId);
  });

  test('a 404 is logged as completed with its status', async () => {
    const { app, lines } = loggedApp();
    expect((await call(app, '/nothing')).status).toBe(404);
    expect(lines[0]).toMatchObject({ level: 30, status: 404, path: '/nothing' });
  });

  test('ignore a client x-request-id by default: every request gets a fresh id', async () => {
    const { app, lines } = loggedApp();
    const response = await call(app, '/hello', { headers: { 'x-request-id': 'edge-4f2a.9_Z~' } });
    const echoed = response.headers.get('x-request-id');
    expect(echoed).toMatch(UUID);
    expect(await response.text()).toBe(`id ${String(echoed)}`);
    expect(lines[0]?.reqId).toBe(echoed);
  });

  test('with trust take a sane x-request-id, set it as a request attribute and echo it', async () => {
    const { app, lines } = loggedApp({ ids: { trust: true } });
    const response = await call(app, '/hello', { headers: { 'x-request-id': 'edge-4f2a.9_Z~' } });
    expect(await response.text()).toBe('id edge-4f2a.9_Z~');
    expect(response.headers.get('x-request-id')).toBe('edge-4f2a.9_Z~');
    expect(lines[0]?.reqId).toBe('edge-4f2a.9_Z~');
  });

  test.each([
    ['too long', 'a'.repeat(129)],
    ['a space', 'two words'],
    ['a quote and angle brackets', '"<script>"'],
    ['a comma (two ids joined)', 'one,two'],
  ])('with trust replace an x-request-id holding %s with a generated one', async (_, sent) => {
    const { app } = loggedApp({ ids: { trust: true } });
    const response = await call(app, '/hello', { headers: { 'x-request-id': sent } });
    const echoed = response.headers.get('x-request-id');
    expect(echoed).toMatch(UUID);
    expect(await response.text()).toBe(`id ${String(echoed)}`);
  });

  test('a 5xx is logged at error level with its error and its stack, in production mode too', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { app, lines } = loggedApp();
      expect((await call(app, '/boom')).status).toBe(500);
      expect(lines[0]).toMatchObject({ level: 50, msg: 'request failed', status: 500, path: '/boom' });
      expect(lines[0]?.error).toEqual({ type: 'Error', message: 'database down', stack: expect.any(String) });
      expect(lines[0]?.error?.stack).toMatch(/^Error: database down\n {4}at .*request-logger\.test\.ts/);
      expect(consoleError).not.toHaveBeenCalled(); // the log line is the report
    } finally {
      consoleError.mockRestore();
    }
  });

  test('with stack: false the logged error is its type and message only', async () => {
    const { app, lines } = loggedApp({ app: { onError: () => undefined }, stack: false });
    await call(app, '/boom');
    expect(lines[0]?.error).toEqual({ type: 'Error', message: 'database down' });
  });

  test('an onError of the application still gets the error', async () => {
    const reported: unknown[] = [];
    const { app } = loggedApp({ app: { onError: (error) => reported.push(error) } });
    await call(app, '/boom');
    expect(reported).toEqual([new Error('database down')]);
  });

  test('a request whose client has left is logged at debug level', async () => {
    const { app, lines } = loggedApp();
    const controller = new AbortController();
    controller.abort();
    await call(app, '/hello', { signal: controller.signal });
    expect(lines[0]).toMatchObject({ level: 20, msg: 'request aborted by the client', method: 'GET' });
  });

  test('a logger that throws changes no answer', async () => {
    const throwing = () => {
      throw new Error('log sink full');
    };
    const logger: Logger = { debug: throwing, info: throwing, warn: throwing, error: throwing };
    const { app } = loggedApp({ logger });
    const response = await call(app, '/hello');
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/^id /);
  });

  test('a thrown value none of whose fields can be read is logged, and its 500 answered', async () => {
    const { app, lines } = loggedApp({ app: { onError: () => undefined } });
    expect((await call(app, '/unreadable')).status).toBe(500);
    expect(lines[0]).toMatchObject({ level: 50, status: 500, path: '/unreadable' });
    expect(lines[0]?.error).toEqual({
      type: 'object',
      message: 'a thrown value that cannot be converted to a string',
    });
  });

  test('without requestId() there is no request id header', async () => {
    const app = new Application(new FindMyWayRouter());
    app.pipeRoutingMiddleware().pipeDispatchMiddleware();
    app.get(
      '/hello',
      (request) => new TextResponse(String(request.getAttribute(REQUEST_ID_ATTRIBUTE, 'none'))),
    );
    const response = await call(app, '/hello');
    expect(response.headers.get('x-request-id')).toBeNull();
    expect(await response.text()).toBe('none');
  });

  test('refuse options they do not know, and a logger or trust of the wrong type', () => {
    expect(() => requestId({ trust: 'yes' as unknown as boolean })).toThrow(
      'requestId: option `trust` must be true or false, got "yes".',
    );
    expect(() => requestId({ trsut: true } as RequestIdOptions)).toThrow(
      'requestId: option `trsut` is not an option of requestId; did you mean `trust`.',
    );
    expect(() => requestLogger({ logger: console.log as unknown as Logger })).toThrow(
      'requestLogger: option `logger` must be a pino-compatible logger',
    );
    expect(() => requestLogger({ logger: pino(), stack: 'yes' as unknown as boolean })).toThrow(
      'requestLogger: option `stack` must be true or false, got "yes".',
    );
  });
});

describe('requestLogger() over a real socket', () => {
  test('a client that leaves before its body arrives is logged at debug level', async () => {
    let aborted!: () => void;
    const abortedSeen = new Promise<void>((resolve) => (aborted = resolve));
    const { app, lines } = loggedApp();
    app.post('/upload', async (request) => {
      await request.text().catch(() => aborted());
      return new TextResponse('read');
    });
    const served = await listen(app);
    try {
      const socket = connect(Number(new URL(served.origin).port), '127.0.0.1');
      socket.write('POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\nonly part');
      await new Promise((resolve) => setTimeout(resolve, 50));
      socket.destroy();
      await abortedSeen;
      await new Promise((resolve) => setImmediate(resolve));
      expect(lines[0]).toMatchObject({ level: 20, msg: 'request aborted by the client', method: 'POST' });
    } finally {
      await served.close();
    }
  });

  test('the request id reaches the client as a header over HTTP/1.1', async () => {
    const { app, lines } = loggedApp();
    const served = await listen(app);
    try {
      const response = await request(`${served.origin}/hello`);
      const body = await response.body.text();
      expect(body).toBe(`id ${String(response.headers['x-request-id'])}`);
      expect(lines[0]?.reqId).toBe(response.headers['x-request-id']);
    } finally {
      await served.close();
    }
  });

  test('a production 500 logs the stack while its answer carries neither the stack nor the message', async () => {
    const { app, lines } = loggedApp();
    const served = await listen(app);
    try {
      const response = await request(`${served.origin}/boom`);
      const body = await response.body.text();
      expect(response.statusCode).toBe(500);
      expect(body).not.toMatch(/database down|request-logger\.test|\bat /);
      expect(lines[0]).toMatchObject({ status: 500, error: { message: 'database down' } });
      expect(lines[0]?.error?.stack).toContain('request-logger.test.ts');
    } finally {
      await served.close();
    }
  });
});

describe('requestLogger() against hostile request input, over a real socket', () => {
  // What a JSON encoder leaves raw: DEL, C1 (U+0085 NEL, U+009B CSI), U+2028/2029, bidirectional controls.
  // eslint-disable-next-line no-control-regex -- looking for control characters is the point
  const RAW_CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;

  test('a 5xx line escapes the control characters the client put in the error: no C1, no line separator, no bidi override', async () => {
    const raw: string[] = [];
    const logger = pino({ level: 'debug' }, { write: (line: string) => void raw.push(line) });
    const { app } = loggedApp({ app: { onError: () => undefined }, logger });
    const served = await listen(app);
    try {
      // NEL, CSI "31m", a line separator, a right-to-left override, then a forged JSON line.
      const forged = 'a%C2%85%C2%9B31m%E2%80%A8%E2%80%AEz%0A%7B%22level%22%3A50%7D';
      const response = await request(`${served.origin}/users/${forged}`);
      await response.body.text();
      expect(response.statusCode).toBe(500);
      expect(raw).toHaveLength(1);
      const [line = ''] = raw;
      expect(line.endsWith('\n')).toBe(true);
      expect(line.slice(0, -1)).not.toMatch(RAW_CONTROL);
      const parsed = JSON.parse(line) as LogLine;
      const shown = 'no user a\\u0085\\u009b31m\\u2028\\u202ez\\n{"level":50}';
      expect(parsed.error?.message).toBe(shown);
      expect(parsed.error?.stack?.split('\n')[0]).toBe(`Error: ${shown}`);
      expect(parsed.path).toBe(`/users/${forged}`);
    } finally {
      await served.close();
    }
  });

  test('with trust, a repeated or oversized x-request-id sent over the wire is replaced, never echoed', async () => {
    const { app, lines } = loggedApp({ ids: { trust: true } });
    const served = await listen(app);
    const answers: string[] = [];
    try {
      const port = Number(new URL(served.origin).port);
      for (const ids of [['edge-1', 'edge-2'], ['x'.repeat(8_000)]]) {
        const headers = ids.map((id) => `x-request-id: ${id}\r\n`).join('');
        answers.push(
          await rawExchange(
            port,
            `GET /hello HTTP/1.1\r\nHost: localhost\r\n${headers}Connection: close\r\n\r\n`,
          ),
        );
      }
    } finally {
      await served.close();
    }
    for (const [index, answer] of answers.entries()) {
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      const echoed = /\r\nx-request-id: ([^\r]*)\r\n/i.exec(answer)?.[1];
      expect(echoed).toMatch(UUID);
      expect(lines[index]?.reqId).toBe(echoed);
    }
  });
});
