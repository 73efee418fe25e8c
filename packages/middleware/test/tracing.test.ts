import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Agent, createServer, request as httpRequest, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { Application, JsonResponse, type ServerMiddleware, TextResponse } from '@framework/application';
import { createListener } from '@framework/node-server';
import { FindMyWayRouter } from '@framework/router-fmw';
import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { getRPCMetadata, RPCType, setRPCMetadata, type RPCMetadata } from '@opentelemetry/core';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import {
  HTTP_SERVER_DURATION_BUCKETS,
  MAX_PROPAGATION_HEADER_LENGTH,
  traceIdOf,
  traceRoute,
  tracing,
  type TracingOptions,
} from '../src/tracing/index';
import { listen, rawExchange, send, type Served } from './support/app';
import { registerContextAndPropagation, type Telemetry, telemetry } from './support/telemetry';

const PARENT_TRACE = '0af7651916cd43dd8448eb211c80319c';
const PARENT_SPAN = 'b7ad6b7169203331';

/** Routing then `traceRoute()` then dispatch, as the README pipes them. */
function routed(app: Application): Application {
  app.pipeRoutingMiddleware();
  app.pipe(traceRoute());
  app.pipeDispatchMiddleware();
  return app;
}

function quietApp(): Application {
  return new Application(new FindMyWayRouter(), { development: false, onError: () => undefined });
}

/** `tracing()` first, a route with a param, a failing one, a 503 and an application mounted at /api. */
function tracedApp(sdk: Telemetry, options: TracingOptions = {}): Application {
  const app = quietApp();
  app.pipe(tracing({ tracerProvider: sdk.tracerProvider, meterProvider: sdk.meterProvider, ...options }));
  routed(app);
  app.get(
    '/users/{id}',
    (request) => new JsonResponse({ id: request.params.id, traceId: traceIdOf(request) }),
  );
  app.get('/fail', () => {
    throw new TypeError('boom');
  });
  app.get('/unavailable', () => new TextResponse('down', 503));
  app.post('/upload', async (request) => new TextResponse(await request.text()));
  app.get('/hostile-throw', () => {
    throw new Proxy(
      {},
      {
        get() {
          throw new Error('no field can be read');
        },
      },
    );
  });
  const api = routed(quietApp());
  api.get('/items/{id}', (request) => new JsonResponse({ item: request.params.id }));
  api.get('/fail', () => {
    throw new RangeError('mounted boom');
  });
  app.pipe('/api', api);
  return app;
}

function serverSpans(sdk: Telemetry): ReadableSpan[] {
  return sdk.spans().filter((span) => span.kind === SpanKind.SERVER);
}

function onlySpan(sdk: Telemetry): ReadableSpan {
  const spans = sdk.spans();
  expect(spans).toHaveLength(1);
  return spans[0] as ReadableSpan;
}

beforeAll(() => registerContextAndPropagation());

describe('tracing() over a socket', () => {
  const sdk = telemetry();
  let served: Served;
  let port: number;
  beforeAll(async () => {
    served = await listen(tracedApp(sdk));
    port = Number(new URL(served.origin).port);
  });
  afterAll(() => served.close());
  beforeEach(() => sdk.reset());

  it("names the span of a routed request from its template and sets the conventions' attributes", async () => {
    const answer = await send(served.origin, '/users/42?token=secret', {
      headers: { 'user-agent': 'probe/1.0' },
    });
    expect(answer.status).toBe(200);
    const span = onlySpan(sdk);
    expect(span.name).toBe('GET /users/{id}');
    expect(span.kind).toBe(SpanKind.SERVER);
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
    expect(span.attributes).toEqual({
      'http.request.method': 'GET',
      'url.path': '/users/42',
      'url.scheme': 'http',
      'server.address': '127.0.0.1',
      'server.port': port,
      'user_agent.original': 'probe/1.0',
      'client.address': '127.0.0.1',
      'http.route': '/users/{id}',
      'http.response.status_code': 200,
    });
    expect(JSON.stringify([span.name, span.attributes, span.events])).not.toContain('secret');
  });

  it('puts the trace id on the request, where traceIdOf() reads it', async () => {
    const answer = await send(served.origin, '/users/7');
    const body = JSON.parse(answer.body.toString()) as { traceId: string };
    expect(body.traceId).toBe(onlySpan(sdk).spanContext().traceId);
    expect(body.traceId).toMatch(/^[0-9a-f]{32}$/);
  });

  it('names an unmatched request by its method alone, with no http.route', async () => {
    const answer = await send(served.origin, '/nowhere/at/all');
    expect(answer.status).toBe(404);
    const span = onlySpan(sdk);
    expect(span.name).toBe('GET');
    expect(span.attributes['http.route']).toBeUndefined();
    expect(span.attributes['http.response.status_code']).toBe(404);
    expect(span.attributes['error.type']).toBeUndefined();
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('marks a thrown error: 500, error.type, ERROR status and an exception event', async () => {
    const answer = await send(served.origin, '/fail');
    expect(answer.status).toBe(500);
    const span = onlySpan(sdk);
    expect(span.name).toBe('GET /fail');
    expect(span.attributes['http.response.status_code']).toBe(500);
    expect(span.attributes['error.type']).toBe('TypeError');
    expect(span.status.code).toBe(SpanStatusCode.ERROR);
    expect(span.events.map((event) => [event.name, event.attributes?.['exception.message']])).toEqual([
      ['exception', 'boom'],
    ]);
  });

  it('gives a 5xx answer that was not thrown the status code as error.type', async () => {
    expect((await send(served.origin, '/unavailable')).status).toBe(503);
    const span = onlySpan(sdk);
    expect([span.attributes['error.type'], span.status.code, span.events]).toEqual([
      '503',
      SpanStatusCode.ERROR,
      [],
    ]);
  });

  it('survives a thrown value none of whose fields can be read', async () => {
    expect((await send(served.origin, '/hostile-throw')).status).toBe(500);
    const span = onlySpan(sdk);
    expect([span.attributes['error.type'], span.status.code]).toEqual(['_OTHER', SpanStatusCode.ERROR]);
    expect(span.events.map((event) => event.name)).toEqual(['exception']);
  });

  it("includes the mount path in the name of a mounted application's route", async () => {
    expect((await send(served.origin, '/api/items/9')).status).toBe(200);
    const span = onlySpan(sdk);
    expect(span.name).toBe('GET /api/items/{id}');
    expect(span.attributes['http.route']).toBe('/api/items/{id}');
    expect(span.attributes['url.path']).toBe('/api/items/9');
  });

  it('records an unknown method as _OTHER with the original, and names the span HTTP', async () => {
    expect((await send(served.origin, '/nowhere', { method: 'PURGE' })).status).toBe(404);
    const span = onlySpan(sdk);
    expect(span.name).toBe('HTTP');
    expect(span.attributes['http.request.method']).toBe('_OTHER');
    expect(span.attributes['http.request.method_original']).toBe('PURGE');
  });

  it('ends the span of a request whose client leaves before its body arrives', async () => {
    const socket = connect(Number(new URL(served.origin).port), '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write('POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\nonly part');
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();
    for (let turn = 0; turn < 1_000 && sdk.spans().length === 0; turn++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const span = onlySpan(sdk);
    expect(span.name).toBe('POST /upload');
    expect(span.ended).toBe(true);
    expect(span.attributes['http.response.status_code']).toEqual(expect.any(Number));
  });

  it('ends the span of an error thrown in a mounted application, marked as an error', async () => {
    expect((await send(served.origin, '/api/fail')).status).toBe(500);
    const span = onlySpan(sdk);
    expect([span.name, span.attributes['error.type'], span.status.code]).toEqual([
      'GET /api/fail',
      'RangeError',
      SpanStatusCode.ERROR,
    ]);
  });

  it('continues the trace of an incoming traceparent', async () => {
    await send(served.origin, '/users/1', {
      headers: { traceparent: `00-${PARENT_TRACE}-${PARENT_SPAN}-01`, tracestate: 'vendor=value' },
    });
    const span = onlySpan(sdk);
    expect(span.spanContext().traceId).toBe(PARENT_TRACE);
    expect(span.parentSpanContext?.spanId).toBe(PARENT_SPAN);
    expect(span.parentSpanContext?.isRemote).toBe(true);
    expect(span.spanContext().traceState?.get('vendor')).toBe('value');
  });
});

describe("tracing() under a server span already active (Node's HTTP instrumentation)", () => {
  const sdk = telemetry();
  let server: Server;
  let origin: string;
  const routes: (string | undefined)[] = [];

  beforeAll(async () => {
    // What @opentelemetry/instrumentation-http does around the listener: a SERVER span, and the RPC
    // metadata through which frameworks hand it the route.
    const tracer = sdk.tracerProvider.getTracer('simulated-http-instrumentation');
    const listener = createListener(tracedApp(sdk));
    server = createServer((req, res) => {
      const span = tracer.startSpan('GET', { kind: SpanKind.SERVER });
      const metadata: RPCMetadata = { type: RPCType.HTTP, span };
      const active = setRPCMetadata(trace.setSpan(context.active(), span), metadata);
      res.once('finish', () => {
        routes.push(getRPCMetadata(active)?.route);
        span.end();
      });
      context.with(active, () => listener(req, res));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('names and fills the active span and never starts a second one', async () => {
    const answer = await send(origin, '/users/5');
    const spans = sdk.spans();
    expect(spans).toHaveLength(1);
    const span = spans[0] as ReadableSpan;
    expect(span.instrumentationScope.name).toBe('simulated-http-instrumentation');
    expect(span.name).toBe('GET /users/{id}');
    expect(span.attributes['http.route']).toBe('/users/{id}');
    expect(span.attributes['http.response.status_code']).toBe(200);
    expect(JSON.parse(answer.body.toString()).traceId).toBe(span.spanContext().traceId);
  });

  it('hands the route to the instrumentation and leaves the duration metric to it', async () => {
    await send(origin, '/api/items/3');
    expect(routes.at(-1)).toBe('/api/items/{id}');
    expect(await sdk.duration()).toBeUndefined();
  });
});

describe('the http.server.request.duration histogram', () => {
  const sdk = telemetry();
  let served: Served;
  beforeAll(async () => (served = await listen(tracedApp(sdk))));
  afterAll(() => served.close());

  it('is recorded in seconds with the route and the low-cardinality attributes only', async () => {
    await send(served.origin, '/users/1');
    await send(served.origin, '/users/2');
    await send(served.origin, '/nowhere');
    const metric = await sdk.duration();
    expect(metric?.descriptor.unit).toBe('s');
    const points = (metric?.dataPoints ?? []).map((point) => ({
      attributes: point.attributes,
      count: point.value.count,
    }));
    expect(points).toEqual(
      expect.arrayContaining([
        {
          attributes: {
            'http.request.method': 'GET',
            'url.scheme': 'http',
            'http.route': '/users/{id}',
            'http.response.status_code': 200,
          },
          count: 2,
        },
        {
          attributes: {
            'http.request.method': 'GET',
            'url.scheme': 'http',
            'http.response.status_code': 404,
          },
          count: 1,
        },
      ]),
    );
    expect(points).toHaveLength(2);
    expect(metric?.dataPoints[0]?.value.buckets.boundaries).toEqual(HTTP_SERVER_DURATION_BUCKETS);
    const seconds = metric?.dataPoints[0]?.value.max ?? Infinity;
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThan(5);
  });
});

describe('tracing() against hostile requests', () => {
  const sdk = telemetry();
  let served: Served;
  beforeAll(async () => (served = await listen(tracedApp(sdk))));
  afterAll(() => served.close());
  beforeEach(() => sdk.reset());

  it.each([
    ['huge', `00-${PARENT_TRACE}-${PARENT_SPAN}-01${'-0'.repeat(MAX_PROPAGATION_HEADER_LENGTH)}`],
    ['malformed', `00-${'z'.repeat(32)}-${PARENT_SPAN}-01`],
    ['all-zero', `00-${'0'.repeat(32)}-${PARENT_SPAN}-01`],
    ['two joined', `00-${PARENT_TRACE}-${PARENT_SPAN}-01, 00-${PARENT_TRACE}-${PARENT_SPAN}-01`],
    ['version ff', `ff-${PARENT_TRACE}-${PARENT_SPAN}-01`],
    ['version 00 with an extra field', `00-${PARENT_TRACE}-${PARENT_SPAN}-01-extra`],
    ['all-zero parent id', `00-${PARENT_TRACE}-${'0'.repeat(16)}-01`],
    ['upper-case', `00-${PARENT_TRACE.toUpperCase()}-${PARENT_SPAN}-01`],
  ])('ignores a %s traceparent and starts a new trace', async (_kind, traceparent) => {
    const answer = await send(served.origin, '/users/1', {
      headers: { traceparent, tracestate: 'x'.repeat(8000) },
    });
    expect(answer.status).toBe(200);
    const span = onlySpan(sdk);
    expect(span.parentSpanContext).toBeUndefined();
    expect(span.spanContext().traceId).not.toBe(PARENT_TRACE);
  });

  it('joins a trace keeping at most 32 tracestate members and 512 characters of them', async () => {
    const traceparent = `00-${PARENT_TRACE}-${PARENT_SPAN}-01`;
    const short = Array.from({ length: 40 }, (_, i) => `k${i}=v${i}`).join(',');
    const long = Array.from({ length: 200 }, (_, i) => `key${i}=${'v'.repeat(12)}`).join(',');
    const kept: string[] = [];
    for (const tracestate of [short, long]) {
      sdk.reset();
      await send(served.origin, '/users/1', { headers: { traceparent, tracestate } });
      expect(onlySpan(sdk).spanContext().traceId).toBe(PARENT_TRACE);
      kept.push(onlySpan(sdk).spanContext().traceState?.serialize() ?? '');
    }
    expect(kept[0]?.split(',')).toHaveLength(32);
    expect(kept[1]?.length).toBeGreaterThan(400);
    expect(kept[1]?.length).toBeLessThanOrEqual(512);
  });

  it('records neither the credentials nor the query of an absolute-form request target', async () => {
    const port = Number(new URL(served.origin).port);
    const answer = await rawExchange(
      port,
      'GET http://alice:s3cret@127.0.0.1/users/1?token=t0ken HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    const span = onlySpan(sdk);
    expect(span.attributes['url.path']).toBe('/users/1');
    expect(JSON.stringify([span.name, span.attributes, span.events])).not.toMatch(/alice|s3cret|t0ken/);
  });

  it('gives 2,000 distinct paths of one route a single span name and a single metric series', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    const paths = Array.from({ length: 2_000 }, (_, i) => `/users/${i.toString(36)}-${i}`);
    try {
      for (let at = 0; at < paths.length; at += 100) {
        const batch = paths.slice(at, at + 100).map((path) => fetchThrough(agent, served.origin, path));
        expect(new Set(await Promise.all(batch))).toEqual(new Set([200]));
      }
    } finally {
      agent.destroy();
    }
    const names = new Set(serverSpans(sdk).map((span) => span.name));
    expect([serverSpans(sdk).length, [...names]]).toEqual([2_000, ['GET /users/{id}']]);
    const routes = (await sdk.duration())?.dataPoints.map((point) => point.attributes['http.route']);
    expect(routes).toEqual(['/users/{id}']);
  }, 60_000);
});

describe('tracing() options and setup', () => {
  it('names an unknown option and the closest known one', () => {
    expect(() => tracing({ tracerProvder: {} } as TracingOptions)).toThrow(
      'tracing: option `tracerProvder` is not an option of tracing; did you mean `tracerProvider`. ' +
        'Its options are: tracerProvider, meterProvider, clientAddress.',
    );
  });

  it('refuses providers without their factory method and a clientAddress that is not a boolean', () => {
    expect(() => tracing({ tracerProvider: {} as never })).toThrow(
      'tracing: option `tracerProvider` must be a TracerProvider (with getTracer), got object [object Object].',
    );
    expect(() => tracing({ meterProvider: 'global' as never })).toThrow(
      'tracing: option `meterProvider` must be a MeterProvider (with getMeter), got "global".',
    );
    expect(() => tracing({ clientAddress: 'no' as never })).toThrow(
      'tracing: option `clientAddress` must be true or false, got "no".',
    );
  });

  it('leaves client.address out with clientAddress: false', async () => {
    const sdk = telemetry();
    const served = await listen(tracedApp(sdk, { clientAddress: false }));
    try {
      await send(served.origin, '/users/1');
      expect(onlySpan(sdk).attributes['client.address']).toBeUndefined();
    } finally {
      await served.close();
    }
  });

  it('uses the global providers when given none, and answers as usual without an SDK', async () => {
    const app = routed(quietApp().pipe(tracing()));
    app.get('/id', (request) => new JsonResponse({ traceId: traceIdOf(request) ?? null }));
    const served = await listen(app);
    try {
      const answer = await send(served.origin, '/id');
      expect([answer.status, JSON.parse(answer.body.toString())]).toEqual([200, { traceId: null }]);
      const sdk = telemetry();
      trace.setGlobalTracerProvider(sdk.tracerProvider);
      await send(served.origin, '/id');
      expect(onlySpan(sdk).name).toBe('GET /id');
    } finally {
      trace.disable();
      await served.close();
    }
  });

  it.each([
    ['before tracing()', 'before'],
    ['after tracing()', 'after'],
  ])('still hands a 5xx error to a request logger piped %s', async (_where, where) => {
    const sdk = telemetry();
    const logged: unknown[] = [];
    const logger = loggingStandIn(logged);
    const app = quietApp();
    if (where === 'before') app.pipe(logger);
    app.pipe(tracing({ tracerProvider: sdk.tracerProvider, meterProvider: sdk.meterProvider }));
    if (where === 'after') app.pipe(logger);
    routed(app);
    app.get('/fail', () => {
      throw new RangeError('out of range');
    });
    expect((await app.fetch(new Request('http://localhost/fail'))).status).toBe(500);
    expect(logged.map((error) => (error as Error).message)).toEqual(['out of range']);
    expect(onlySpan(sdk).attributes['error.type']).toBe('RangeError');
  });

  it('lets traceRoute() pass requests on untouched without tracing() before it', async () => {
    const app = routed(quietApp());
    app.get('/plain', () => new TextResponse('plain'));
    const answer = await app.fetch(new Request('http://localhost/plain'));
    expect([answer.status, await answer.text()]).toEqual([200, 'plain']);
  });

  it('keeps @framework/middleware loadable when @opentelemetry/api is not installed', () => {
    jest.isolateModules(() => {
      jest.doMock('@opentelemetry/api', () => {
        throw new Error("Cannot find module '@opentelemetry/api'");
      });
      // A fresh module registry per isolateModules() call is reached through require() only.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const middleware = require('../src') as { cors: unknown; traceIdOf: unknown };
      expect([typeof middleware.cors, typeof middleware.traceIdOf]).toEqual(['function', 'function']);
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      expect(() => require('../src/tracing/index')).toThrow("Cannot find module '@opentelemetry/api'");
    });
  });
});

/**
 * What `requestLogger()` does to learn the error behind a 5xx: a record under the attribute the
 * application's error handler writes the error to (`withServerErrorRecord`).
 */
function loggingStandIn(logged: unknown[]): ServerMiddleware {
  return {
    async process(request, handler) {
      const record = { error: undefined as unknown };
      const response = await handler.handle(
        request.withAttribute('Framework\\RequestLog\\ServerError', record),
      );
      if (record.error !== undefined) logged.push(record.error);
      return response;
    },
  };
}

/** GET through a keep-alive agent; resolves to the status. */
function fetchThrough(agent: Agent, origin: string, path: string): Promise<number> {
  const { port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}
