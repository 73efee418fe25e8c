import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { Application, type Middleware, TextResponse } from '@framework/application';
import { FindMyWayRouter } from '@framework/router-fmw';
import { SpanKind } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { pino } from 'pino';
import { requestId, requestLogger, spanIdOf, traceIdOf } from '../src';
import { traceRoute, tracing } from '../src/tracing/index';
import { listen, send, type Served } from './support/app';
import { registerContextAndPropagation, telemetry } from './support/telemetry';

const PARENT_TRACE = '0af7651916cd43dd8448eb211c80319c';

interface LogLine {
  readonly msg: string;
  readonly path: string;
  readonly status: number;
  readonly reqId?: string;
  readonly traceId?: string;
  readonly spanId?: string;
}

beforeAll(() => registerContextAndPropagation());

/** An application piping `first` in that order, then routing, `traceRoute()` and dispatch; pino logs into `lines`. */
function app(first: (logger: ReturnType<typeof requestLogger>) => Middleware[]): Application {
  const application = new Application(new FindMyWayRouter(), {
    development: false,
    onError: () => undefined,
  });
  for (const middleware of first(requestLogger({ logger: pino({ level: 'debug' }, destination) })))
    application.pipe(middleware);
  application.pipeRoutingMiddleware();
  application.pipe(traceRoute());
  application.pipeDispatchMiddleware();
  application.get('/users/{id}', (request) => new TextResponse(`${traceIdOf(request)} ${spanIdOf(request)}`));
  application.get('/fail', () => {
    throw new Error('boom');
  });
  return application;
}

const lines: LogLine[] = [];
const destination = { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) };
const sdk = telemetry();
const providers = { tracerProvider: sdk.tracerProvider, meterProvider: sdk.meterProvider };

function serverSpan(): ReadableSpan {
  const spans = sdk.spans().filter((span) => span.kind === SpanKind.SERVER);
  expect(spans).toHaveLength(1);
  return spans[0] as ReadableSpan;
}

describe.each([
  ['tracing() before requestLogger()', (logger: Middleware) => [tracing(providers), requestId(), logger]],
  ['requestLogger() before tracing()', (logger: Middleware) => [requestId(), logger, tracing(providers)]],
])('request log lines carry the trace and span ids with %s', (_order, pipeline) => {
  let served: Served;
  beforeAll(async () => {
    served = await listen(app(pipeline));
  });
  afterAll(() => served.close());
  beforeEach(() => {
    sdk.reset();
    lines.length = 0;
  });

  it.each([
    ['a routed request', '/users/7', 200, 'request completed'],
    ['a 404', '/nowhere', 404, 'request completed'],
    ['a thrown error', '/fail', 500, 'request failed'],
  ])('%s: the ids of its exported server span', async (_case, path, status, msg) => {
    expect((await send(served.origin, path)).status).toBe(status);
    const { traceId, spanId } = serverSpan().spanContext();
    expect(lines).toEqual([
      expect.objectContaining({ msg, path, status, traceId, spanId, reqId: expect.any(String) }),
    ]);
    expect([traceId, spanId]).toEqual([
      expect.stringMatching(/^[0-9a-f]{32}$/),
      expect.stringMatching(/^[0-9a-f]{16}$/),
    ]);
  });

  it("the trace of the caller's traceparent, and the same ids the handler reads", async () => {
    const answer = await send(served.origin, '/users/8', {
      headers: { traceparent: `00-${PARENT_TRACE}-b7ad6b7169203331-01` },
    });
    const { traceId, spanId } = serverSpan().spanContext();
    expect([traceId, answer.body.toString()]).toEqual([PARENT_TRACE, `${PARENT_TRACE} ${spanId}`]);
    expect(lines[0]).toMatchObject({ traceId: PARENT_TRACE, spanId });
  });
});

describe('request log lines without a recorded span', () => {
  it.each([
    ['without tracing()', () => [requestId()]],
    ['with tracing() but no SDK registered (the API answers invalid span contexts)', () => [tracing()]],
  ])('carry no traceId or spanId %s', async (_case, others) => {
    const served = await listen(app((logger) => [...others(), logger]));
    try {
      lines.length = 0;
      expect((await send(served.origin, '/users/9')).status).toBe(200);
      expect(lines).toHaveLength(1);
      expect(Object.keys(lines[0] as object)).not.toEqual(expect.arrayContaining(['traceId']));
      expect(Object.keys(lines[0] as object)).not.toEqual(expect.arrayContaining(['spanId']));
    } finally {
      await served.close();
    }
  });
});
