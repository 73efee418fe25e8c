import { beforeEach, describe, expect, test } from '@jest/globals';
import { Readable } from 'node:stream';
import { FindMyWayRouter } from '@framework/router-fmw';
import { Application, LightResponse, TextResponse, timeout } from '../src';
import { call } from './support/app';
import { failOnUnhandledRejections } from './support/unhandled-rejections';

failOnUnhandledRejections();

const reported: unknown[] = [];
beforeEach(() => {
  reported.length = 0;
});

/** An app behind `timeout(ms)` whose `/hang` route settles only when the test says so. */
function hangingApp(ms: number) {
  let settle: { resolve(response: LightResponse): void; reject(error: unknown): void } | undefined;
  let started!: () => void;
  const reached = new Promise<void>((resolve) => (started = resolve));
  const app = new Application(new FindMyWayRouter(), {
    development: false,
    onError: (error) => reported.push(error),
  });
  app.pipe(timeout(ms)).pipeRoutingMiddleware().pipeDispatchMiddleware();
  app.get(
    '/hang',
    () =>
      new Promise<LightResponse>((resolve, reject) => {
        settle = { resolve, reject };
        started();
      }),
  );
  app.get('/fast', () => new TextResponse('fast'));
  app.get('/async-fast', async () => new TextResponse('async fast'));
  return { app, reached, settle: () => settle as NonNullable<typeof settle> };
}

describe('timeout(ms)', () => {
  test('a handler that never settles gets a 503 problem with FRAMEWORK_ERR_REQUEST_TIMEOUT', async () => {
    const { app } = hangingApp(20);
    const response = await call(app, '/hang');
    expect([response.status, response.headers.get('content-type')]).toEqual([
      503,
      'application/problem+json',
    ]);
    expect(await response.json()).toEqual({
      type: 'about:blank',
      title: 'Service Unavailable',
      status: 503,
      detail: 'The request was not answered within 20 ms.',
      code: 'FRAMEWORK_ERR_REQUEST_TIMEOUT',
    });
  });

  test('answers in time pass through unchanged', async () => {
    const { app } = hangingApp(60_000);
    expect(await (await call(app, '/fast')).text()).toBe('fast');
    expect(await (await call(app, '/async-fast')).text()).toBe('async fast');
    expect((await call(app, '/missing')).status).toBe(404);
  });

  test('the late answer goes nowhere: its body stream is released', async () => {
    const { app, reached, settle } = hangingApp(20);
    const answer = call(app, '/hang');
    await reached;
    expect((await answer).status).toBe(503);
    const body = Readable.from(['late']);
    settle().resolve(new LightResponse(body));
    await new Promise((resolve) => setImmediate(resolve));
    expect([body.destroyed, reported]).toEqual([true, []]);
  });

  test('a late rejection is no unhandled rejection; the failure is reported like any 5xx', async () => {
    const { app, reached, settle } = hangingApp(20);
    const answer = call(app, '/hang');
    await reached;
    expect((await answer).status).toBe(503);
    settle().reject(new Error('too late'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(reported).toEqual([expect.objectContaining({ message: 'too late' })]);
  });

  test('a rejection in time still reaches the error handler', async () => {
    const { app, reached, settle } = hangingApp(60_000);
    const answer = call(app, '/hang');
    await reached;
    settle().reject(new Error('in time'));
    expect((await answer).status).toBe(500);
    expect(reported).toEqual([expect.objectContaining({ message: 'in time' })]);
  });

  test.each([
    [0, 'got number 0'],
    [-5, 'got number -5'],
    [1.5, 'got number 1.5'],
    [Number.NaN, 'got number NaN'],
    [2 ** 31, 'got number 2147483648'],
    ['100', 'got the string "100"'],
  ])('timeout(%p) is refused with a clear error', (ms, got) => {
    expect(() => timeout(ms as number)).toThrow(
      `timeout(ms) needs a whole number of milliseconds from 1 to 2147483647, ${got}.`,
    );
  });
});
