import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { gzipSync } from 'node:zlib';
import { Application, JsonResponse } from '@framework/application';
import { type Certificate, selfSignedCertificate } from '../support/certificate';
import { ADAPTERS } from './adapters';
import { serveOver, type ServedOver, TRANSPORTS, type TransportAnswer } from './transports';

let certificate: Certificate;
beforeAll(async () => {
  certificate = await selfSignedCertificate();
}, 30_000);

/** How deep a value nests, walked recursively as a recursive schema would. */
function depthOf(value: unknown): number {
  return Array.isArray(value) ? 1 + Math.max(0, ...value.map(depthOf)) : 0;
}

function bodiesApp(createRouter: () => import('@framework/router-contract').Router<unknown>) {
  const reported: unknown[] = [];
  const walked: number[] = [];
  const app = new Application(createRouter(), {
    development: false,
    onError: (error) => reported.push(error),
  });
  app.pipeRoutingMiddleware().pipeDispatchMiddleware();
  app.post('/walk', async (request) => {
    const depth = depthOf(await request.json());
    walked.push(depth);
    return new JsonResponse({ depth });
  });
  app.post(
    '/walk-deeper',
    async (request) => new JsonResponse({ depth: depthOf(await request.json({ maxDepth: 200 })) }),
  );
  app.post('/form', async (request) => new JsonResponse(await request.form()));
  app.post('/text', async (request) => new JsonResponse({ text: await request.text() }));
  return { app, reported, walked };
}

const nested = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);
const problem = (answer: TransportAnswer): { status: number; code?: string } =>
  JSON.parse(answer.body) as { status: number; code?: string };

describe.each(TRANSPORTS)('hostile bodies, %s', (transport) => {
  describe.each(ADAPTERS)('%s', (_name, createRouter) => {
    let served: ServedOver;
    let reported: unknown[];
    let walked: number[];
    beforeAll(async () => {
      const built = bodiesApp(createRouter);
      ({ reported, walked } = built);
      served = await serveOver(built.app, transport, certificate);
    });
    afterAll(() => served.close());

    const post = (path: string, body: string | Buffer, headers: Record<string, string> = {}) =>
      served.send({
        method: 'POST',
        path,
        body,
        headers: { 'content-type': 'application/json', ...headers },
      });

    test('finding 11: 30 kB of nested arrays answer 413 problem+json before parsing; nothing is reported', async () => {
      const answer = await post('/walk', nested(15_000));
      expect(answer.status).toBe(413);
      expect(answer.headers['content-type']).toBe('application/problem+json');
      expect(problem(answer).code).toBe('FRAMEWORK_ERR_BODY_TOO_DEEP');
      expect(walked).toEqual([]);
      expect(reported).toEqual([]);
    });

    test('finding 11: 64 levels are parsed, 65 are refused; brackets inside strings do not count', async () => {
      expect(JSON.parse((await post('/walk', nested(64))).body)).toEqual({ depth: 64 });
      expect(problem(await post('/walk', nested(65))).code).toBe('FRAMEWORK_ERR_BODY_TOO_DEEP');
      expect(JSON.parse((await post('/walk', JSON.stringify(['['.repeat(500)]))).body)).toEqual({ depth: 1 });
      expect(JSON.parse((await post('/walk-deeper', nested(150))).body)).toEqual({ depth: 150 });
    });

    test('info: a gzip-coded body answers 415 with Accept-Encoding: identity; identity passes', async () => {
      const coded = await post('/walk', gzipSync('[1]'), { 'content-encoding': 'gzip' });
      expect(coded.status).toBe(415);
      expect(coded.headers['accept-encoding']).toBe('identity');
      expect(problem(coded).code).toBe('FRAMEWORK_ERR_BODY_UNSUPPORTED_ENCODING');
      const text = await post('/text', 'x', { 'content-encoding': 'br' });
      expect(problem(text).code).toBe('FRAMEWORK_ERR_BODY_UNSUPPORTED_ENCODING');
      expect(JSON.parse((await post('/walk', '[[1]]', { 'content-encoding': 'identity' })).body)).toEqual({
        depth: 2,
      });
    });

    test('info: a form or JSON body in another charset than UTF-8 answers 415; UTF-8 passes', async () => {
      const latin1 = await post('/form', Buffer.from('name=caf\u00e9', 'latin1'), {
        'content-type': 'application/x-www-form-urlencoded; charset=ISO-8859-1',
      });
      expect(latin1.status).toBe(415);
      expect(problem(latin1).code).toBe('FRAMEWORK_ERR_BODY_UNSUPPORTED_MEDIA_TYPE');
      const utf16 = await post('/walk', '[]', { 'content-type': 'application/json; charset=utf-16' });
      expect(utf16.status).toBe(415);
      const utf8 = await post('/form', 'name=caf%C3%A9', {
        'content-type': 'application/x-www-form-urlencoded; charset="UTF-8"',
      });
      expect(JSON.parse(utf8.body)).toEqual({ name: 'café' });
      expect(reported).toEqual([]);
    });
  });
});
