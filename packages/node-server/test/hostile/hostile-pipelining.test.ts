import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { Application, JsonResponse, TextResponse } from '@framework/application';
import { type Certificate, selfSignedCertificate } from '../support/certificate';
import type { ParsedAnswer } from '../support/raw-http';
import { ADAPTERS } from './adapters';
import { exchange, HTTP1_TRANSPORTS, serveOver, type ServedOver } from './transports';

let certificate: Certificate;
beforeAll(async () => {
  certificate = await selfSignedCertificate();
}, 30_000);

/** A request as sent by hand. */
function request(head: string, headers: readonly string[] = [], body = ''): string {
  return `${head} HTTP/1.1\r\n${['Host: localhost', ...headers].map((line) => `${line}\r\n`).join('')}\r\n${body}`;
}

function pipeliningApp(createRouter: () => import('@framework/router-contract').Router<unknown>) {
  const ran: string[] = [];
  const app = new Application(createRouter(), { development: false, onError: () => undefined });
  app.pipeRoutingMiddleware().pipeDispatchMiddleware();
  app.get('/static', () => new TextResponse('static'));
  app.get('/count', () => {
    ran.push('count');
    return new TextResponse('counted');
  });
  app.get('/close-later', async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    return new TextResponse('bye', { headers: { connection: 'close' } });
  });
  app.post('/upload', async (request) => new TextResponse(`read ${(await request.text()).length}`));
  app.post('/json', async (request) => new JsonResponse(await request.json()));
  return { app, ran };
}

const statusLines = (answers: readonly ParsedAnswer[]): string[] =>
  answers.map((answer) => answer.statusLine);

describe.each(HTTP1_TRANSPORTS)('pipelining and unread bodies, %s', (transport) => {
  describe.each(ADAPTERS)('%s', (_name, createRouter) => {
    let served: ServedOver;
    let ran: string[];
    beforeAll(async () => {
      const built = pipeliningApp(createRouter);
      ran = built.ran;
      served = await serveOver(built.app, transport, certificate);
    });
    afterAll(() => served.close());

    test('finding 18: after a 400 for a request without Host, a pipelined request is not processed', async () => {
      ran.length = 0;
      const hostless = 'GET /count HTTP/1.1\r\n\r\n';
      const { answers, rest } = await exchange(served, [
        request('GET /static') + hostless + request('GET /count'),
      ]);
      expect(statusLines(answers)).toEqual(['HTTP/1.1 200 OK', 'HTTP/1.1 400 Bad Request']);
      expect(answers[1]?.headers['connection']).toBe('close');
      expect(rest).toBe('');
      expect(ran).toEqual([]);
    });

    test('finding 18: after a 413 on a chunked body, a pipelined request is not processed (5 tries)', async () => {
      ran.length = 0;
      const chunk = 'x'.repeat(64 * 1024);
      const body = `${Array.from({ length: 24 }, () => `${(64 * 1024).toString(16)}\r\n${chunk}\r\n`).join('')}0\r\n\r\n`;
      for (let attempt = 0; attempt < 5; attempt++) {
        const { answers } = await exchange(served, [
          request('POST /upload', ['Transfer-Encoding: chunked']) + body + request('GET /count'),
        ]);
        expect(statusLines(answers)).toEqual(['HTTP/1.1 413 Payload Too Large']);
        expect(answers[0]?.headers['connection']).toBe('close');
      }
      expect(ran).toEqual([]);
    });

    test('finding 18: a request pipelined behind a slower answer that closes the connection is not processed', async () => {
      ran.length = 0;
      const { answers } = await exchange(served, [request('GET /close-later') + request('GET /count')]);
      expect(answers.map((answer) => `${answer.statusLine} ${answer.body}`)).toEqual(['HTTP/1.1 200 OK bye']);
      expect(ran).toEqual([]);
    });

    test('finding 18: pipelined requests on a kept connection are still each answered, in order', async () => {
      ran.length = 0;
      const { answers, endedByClient } = await exchange(
        served,
        [request('GET /static') + request('GET /count') + request('GET /static')],
        3,
      );
      expect(answers.map((answer) => answer.body)).toEqual(['static', 'counted', 'static']);
      expect(endedByClient).toBe(true);
      expect(ran).toEqual(['count']);
    });

    test.each([
      [
        'a route that reads no body',
        request('GET /static', ['Content-Length: 10737418240'], 'x'.repeat(1000)),
        200,
      ],
      ['a 404', request('GET /nowhere', ['Content-Length: 10737418240'], 'x'.repeat(1000)), 404],
      [
        'a 415',
        request('POST /json', ['Content-Type: text/plain', 'Content-Length: 10737418240'], 'x'.repeat(1000)),
        415,
      ],
      [
        'a chunked body still coming',
        request('GET /static', ['Transfer-Encoding: chunked'], '3e8\r\n' + 'x'.repeat(1000) + '\r\n'),
        200,
      ],
    ] as const)(
      'finding 19: an answer sent while a huge body is unread (%s) closes the connection instead of draining it',
      async (_case, bytes, status) => {
        const { answers, rest, endedByClient } = await exchange(served, [bytes]);
        expect(answers.map((answer) => answer.status)).toEqual([status]);
        expect(answers[0]?.headers['connection']).toBe('close');
        expect(rest).toBe('');
        expect(endedByClient).toBe(false);
      },
    );

    test('finding 19: a small unread body (64 KiB at most) is drained and the connection kept', async () => {
      const body = 'x'.repeat(64 * 1024);
      const { answers, endedByClient } = await exchange(
        served,
        [request('GET /static', [`Content-Length: ${body.length}`], body) + request('GET /static')],
        2,
      );
      expect(answers.map((answer) => `${answer.status} ${answer.body}`)).toEqual([
        '200 static',
        '200 static',
      ]);
      expect(answers[0]?.headers['connection']).not.toBe('close');
      expect(endedByClient).toBe(true);
    });
  });
});
