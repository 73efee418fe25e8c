import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { Server } from 'node:http';
import { TextResponse } from '@framework/application';
import { createApp } from './support/app';
import { rawRequest } from './support/raw-http';
import { closeServer, serve } from './support/serve';

// Request lines are written by hand: no client would send most of these targets.
const app = createApp();
app.get('/', () => new TextResponse('home'));
app.get('/post/{id}', (request) => new TextResponse(`post ${request.params.id} ${request.search}`));
app.route('/any', () => new TextResponse('any'));
app.get('/admin', () => new TextResponse('admin area'));

let server: Server;
let origin: string;

beforeAll(async () => {
  ({ server, origin } = await serve(app));
});
afterAll(() => closeServer(server));

async function send(requestLine: string) {
  const answer = await rawRequest(origin, `${requestLine} HTTP/1.1`);
  const json =
    answer.headers['content-type'] === 'application/problem+json' ? JSON.parse(answer.body) : undefined;
  return { ...answer, json };
}

describe('request targets over a real socket', () => {
  test('absolute-form http(s) targets are routed by their path and query', async () => {
    expect((await send('GET http://localhost/post/7?x=1')).body).toBe('post 7 x=1');
    expect((await send('GET HTTPS://localhost:8443/post/8')).body).toBe('post 8 ');
    expect((await send('GET http://localhost')).body).toBe('home');
    expect((await send('GET http://localhost?x=2')).body).toBe('home');
  });

  test.each(['GET http://[::1', 'GET http://localhost:99999/post/1', 'GET ftp://localhost/post/1', 'GET *'])(
    '%s answers 400 like a malformed percent-escape',
    async (requestLine) => {
      const malformed = await send(requestLine);
      const percent = await send('GET /post/%zz');
      expect([malformed.status, malformed.headers['content-type']]).toEqual([
        400,
        'application/problem+json',
      ]);
      expect(Object.keys(malformed.json).sort()).toEqual(Object.keys(percent.json).sort());
      expect(malformed.json).toMatchObject({ ...percent.json, detail: expect.any(String) });
      expect(malformed.json.detail).toContain(JSON.stringify(requestLine.slice(4)));
    },
  );

  test.each(['GET http:///admin', 'GET https:///admin', 'GET HTTP:///admin?x=1', 'GET http:////admin'])(
    '%s (absolute-form with an empty host, RFC 9110 §4.2.1) answers 400 and never reaches /admin',
    async (requestLine) => {
      const answer = await send(requestLine);
      expect([answer.status, answer.json?.code, answer.body]).toEqual([
        400,
        'FRAMEWORK_ERR_REQUEST_MALFORMED_URL',
        expect.not.stringContaining('admin area'),
      ]);
    },
  );

  test('a target that is no path and no URL answers 400 (Node refuses it before the application)', async () => {
    expect((await send('GET foo')).status).toBe(400);
  });

  test('OPTIONS * answers 404: no resource is named "*", and no route can match it', async () => {
    const answer = await send('OPTIONS *');
    expect([answer.status, answer.headers['content-type'], answer.json?.detail]).toEqual([
      404,
      'application/problem+json',
      'Cannot OPTIONS *',
    ]);
  });
});
