import { afterEach, describe, expect, jest, test } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { pino } from 'pino';
import { request } from 'undici';
import {
  type ApplicationOptions,
  type Logger,
  type NodeServer,
  REQUEST_ID_ATTRIBUTE,
  TextResponse,
} from '../src';
import { createApp } from './support/app';

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

const running: NodeServer[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Serves an application logging with a real pino logger into memory; returns its origin and lines. */
async function serveLogged(
  options: ApplicationOptions = {},
  logger?: Logger,
  runOptions: { readonly trustRequestId?: boolean } = {},
) {
  const lines: LogLine[] = [];
  let lineWritten: () => void = () => undefined;
  const destination = {
    write(line: string) {
      lines.push(JSON.parse(line) as LogLine);
      lineWritten();
    },
  };
  const app = createApp({ onError: undefined, ...options });
  let aborted!: () => void;
  const abortedSeen = new Promise<void>((resolve) => (aborted = resolve));
  app.get('/hello', (request) => new TextResponse(`id ${request.getAttribute(REQUEST_ID_ATTRIBUTE)}`));
  app.get('/mounted/{id}', () => new TextResponse('ok'));
  app.get('/boom', async () => {
    throw new Error('database down');
  });
  app.post('/upload', async (request) => {
    await request.text().catch(() => aborted());
    return new TextResponse('read');
  });
  const server = await app.run({
    host: '127.0.0.1',
    port: 0,
    handleSignals: false,
    logger: logger ?? pino({ level: 'debug' }, destination),
    ...runOptions,
  });
  running.push(server);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  /** Resolves once `count` lines were logged. */
  const logged = (count: number): Promise<LogLine[]> =>
    new Promise((resolve) => {
      const check = (): void => {
        if (lines.length >= count) resolve(lines);
      };
      lineWritten = check;
      check();
    });
  return { origin, lines, logged, abortedSeen };
}

describe('run({ logger })', () => {
  test('logs one info line per request and echoes a generated request id', async () => {
    const { origin, logged } = await serveLogged();
    const response = await request(`${origin}/mounted/7?page=2`);
    await response.body.text();
    const [line] = await logged(1);
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      method: 'GET',
      path: '/mounted/7',
      status: 200,
    });
    expect(line?.reqId).toMatch(UUID);
    expect(line?.durationMs).toBeGreaterThanOrEqual(0);
    expect(response.headers['x-request-id']).toBe(line?.reqId);
  });

  test('ignores a client x-request-id by default: every request gets a fresh id', async () => {
    const { origin, logged } = await serveLogged();
    const response = await request(`${origin}/hello`, { headers: { 'x-request-id': 'edge-4f2a.9_Z~' } });
    const echoed = response.headers['x-request-id'];
    expect(echoed).toMatch(UUID);
    expect(await response.body.text()).toBe(`id ${String(echoed)}`);
    expect((await logged(1))[0]?.reqId).toBe(echoed);
  });

  test('with trustRequestId takes a sane x-request-id, sets it as a request attribute and echoes it', async () => {
    const { origin, logged } = await serveLogged({}, undefined, { trustRequestId: true });
    const response = await request(`${origin}/hello`, { headers: { 'x-request-id': 'edge-4f2a.9_Z~' } });
    expect(await response.body.text()).toBe('id edge-4f2a.9_Z~');
    expect(response.headers['x-request-id']).toBe('edge-4f2a.9_Z~');
    expect((await logged(1))[0]?.reqId).toBe('edge-4f2a.9_Z~');
  });

  test.each([
    ['too long', 'a'.repeat(129)],
    ['a space', 'two words'],
    ['a quote and angle brackets', '"<script>"'],
    ['a comma (two ids joined)', 'one,two'],
  ])('with trustRequestId replaces an x-request-id holding %s with a generated one', async (_, sent) => {
    const { origin } = await serveLogged({}, undefined, { trustRequestId: true });
    const response = await request(`${origin}/hello`, { headers: { 'x-request-id': sent } });
    const echoed = response.headers['x-request-id'];
    expect(echoed).toMatch(UUID);
    expect(await response.body.text()).toBe(`id ${String(echoed)}`);
  });

  test('a 5xx is logged at error level with its error, without the stack outside development', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { origin, logged } = await serveLogged({ development: false });
      const response = await request(`${origin}/boom`);
      expect(response.statusCode).toBe(500);
      await response.body.text();
      const [line] = await logged(1);
      expect(line).toMatchObject({ level: 50, msg: 'request failed', status: 500, path: '/boom' });
      expect(line?.error).toEqual({ type: 'Error', message: 'database down' });
      expect(consoleError).not.toHaveBeenCalled();
    } finally {
      consoleError.mockRestore();
    }
  });

  test('in development mode the logged error carries its stack', async () => {
    const { origin, logged } = await serveLogged({ development: true });
    await (await request(`${origin}/boom`)).body.text();
    const [line] = await logged(1);
    expect(line?.error?.stack).toContain('database down');
    expect(line?.error?.stack).toContain('request-logging.test.ts');
  });

  test('an onError of the application still gets the error', async () => {
    const reported: unknown[] = [];
    const { origin, logged } = await serveLogged({ onError: (error) => reported.push(error) });
    await (await request(`${origin}/boom`)).body.text();
    await logged(1);
    expect(reported).toEqual([new Error('database down')]);
  });

  test('a client that leaves before the answer is logged at debug level', async () => {
    const { origin, logged, abortedSeen } = await serveLogged();
    const socket = connect(Number(new URL(origin).port), '127.0.0.1');
    socket.write('POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\nonly part');
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();
    await abortedSeen;
    const [line] = await logged(1);
    expect(line).toMatchObject({ level: 20, msg: 'request aborted by the client', method: 'POST' });
  });

  test('a logger that throws changes no answer', async () => {
    const throwing = () => {
      throw new Error('log sink full');
    };
    const logger: Logger = { debug: throwing, info: throwing, warn: throwing, error: throwing };
    const { origin } = await serveLogged({}, logger);
    const response = await request(`${origin}/hello`);
    expect(response.statusCode).toBe(200);
    expect(await response.body.text()).toMatch(/^id /);
    const again = await request(`${origin}/hello`);
    expect(again.statusCode).toBe(200);
    await again.body.text();
  });
});

test('without a logger there is no request id header', async () => {
  const app = createApp();
  app.get(
    '/hello',
    (request) => new TextResponse(String(request.getAttribute(REQUEST_ID_ATTRIBUTE, 'none'))),
  );
  const server = await app.run({ host: '127.0.0.1', port: 0, handleSignals: false });
  running.push(server);
  const response = await request(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hello`);
  expect(response.headers['x-request-id']).toBeUndefined();
  expect(await response.body.text()).toBe('none');
});
