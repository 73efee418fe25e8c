import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { Application, HttpError } from '@framework/application';
import { type Certificate, selfSignedCertificate } from '../support/certificate';
import { ADAPTERS } from './adapters';
import { serveOver, type ServedOver, TRANSPORTS } from './transports';

let certificate: Certificate;
beforeAll(async () => {
  certificate = await selfSignedCertificate();
}, 30_000);

function errorsApp(createRouter: () => import('@framework/router-contract').Router<unknown>) {
  // No onError: 5xx errors go to the default reporter on stderr.
  const app = new Application(createRouter(), { development: false });
  app.pipeRoutingMiddleware().pipeDispatchMiddleware();
  app.get('/sdk/{id}', (request) => {
    throw Object.assign(new Error(`customer ${request.params.id} has no card on file`), {
      status: 404,
      code: 'SDK_NOT_FOUND',
    });
  });
  app.get('/conflict', () => {
    throw Object.assign(new Error('row 88123 locked by job 7'), { statusCode: 409 });
  });
  app.get('/exposed', () => {
    throw Object.assign(new Error('Pick another name.'), { status: 409, expose: true });
  });
  app.get('/http-error', () => {
    throw new HttpError(404, 'No such post.');
  });
  app.get('/users/{id}', (request) => {
    throw new Error(`no user ${request.params.id}`);
  });
  return app;
}

describe.each(TRANSPORTS)('error exposure and error logs, %s', (transport) => {
  describe.each(ADAPTERS)('%s', (_name, createRouter) => {
    let served: ServedOver;
    let stderr: string[];
    beforeAll(async () => {
      served = await serveOver(errorsApp(createRouter), transport, certificate);
    });
    afterAll(() => served.close());
    beforeEach(() => {
      stderr = [];
      jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
        stderr.push(args.map(String).join(' '));
      });
    });
    afterEach(() => {
      jest.restoreAllMocks();
    });

    test('finding 13: an error with a 4xx status but no expose flag answers its status without its message or code', async () => {
      const sdk = await served.send({ path: '/sdk/4711' });
      expect(sdk.status).toBe(404);
      expect(JSON.parse(sdk.body)).toEqual({ type: 'about:blank', title: 'Not Found', status: 404 });
      const conflict = await served.send({ path: '/conflict' });
      expect(JSON.parse(conflict.body)).toEqual({ type: 'about:blank', title: 'Conflict', status: 409 });
    });

    test('finding 13: HttpError and expose: true still show their message', async () => {
      expect(JSON.parse((await served.send({ path: '/http-error' })).body)).toMatchObject({
        status: 404,
        detail: 'No such post.',
      });
      expect(JSON.parse((await served.send({ path: '/exposed' })).body)).toMatchObject({
        status: 409,
        detail: 'Pick another name.',
      });
    });

    test('finding 15: the default 5xx report escapes control characters from request input: no forged line, no ESC', async () => {
      const forged = '%0A[framework]%20GET%20%2Fadmin%20failed%3A%20forged%1B[2J%0D%E2%80%A8x';
      const answer = await served.send({ path: `/users/${forged}` });
      expect(answer.status).toBe(500);
      expect(stderr).toHaveLength(1);
      const [report = ''] = stderr;
      // eslint-disable-next-line no-control-regex -- no control character but the newlines between frames
      expect(report).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/);
      const [heading, ...frames] = report.split('\n');
      expect(heading).toContain(
        'failed: Error: no user \\n[framework] GET /admin failed: forged\\u001b[2J\\r\\u2028x',
      );
      expect(frames.length).toBeGreaterThan(0);
      for (const frame of frames) expect(frame).toMatch(/^ {4}at /);
    });
  });
});
