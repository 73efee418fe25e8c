import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { Application, JsonResponse } from '@framework/application';
import { securityHeaders, validate } from '@framework/middleware';
import { FindMyWayRouter } from '@framework/router-fmw';
import { z } from 'zod';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { describeRoute, openApi } from '../src';
import { assertValidOpenApi } from '../src/testing';
import { notesApp } from './support/notes-app';
import { sendAll } from './support/socket';

const info = { title: 'Notes <API>', version: '1.0.0' };

function served(options: Partial<Parameters<typeof openApi>[1]> = {}) {
  const { app } = notesApp();
  app.pipe(securityHeaders());
  app.pipe(openApi(app, { info, ...options }));
  return app;
}

describe('openApi() over a socket', () => {
  test('serves the document and a docs page whose scripts are files under the default CSP', async () => {
    const [document, page, bundle, css, start] = await sendAll(served(), [
      '/openapi.json',
      '/docs',
      '/docs/swagger-ui-bundle.js',
      '/docs/swagger-ui.css',
      '/docs/start.js',
    ]);
    expect([document!.status, document!.type]).toEqual([200, 'application/json']);
    await assertValidOpenApi(JSON.parse(document!.body.toString()));

    expect([page!.status, page!.type]).toEqual([200, 'text/html; charset=utf-8']);
    expect(page!.csp).toContain("script-src 'self'");
    const html = page!.body.toString();
    expect(html).toContain('<title>Notes &#60;API&#62;</title>');
    expect(html).toContain('data-url="/openapi.json"');
    const scripts = [...html.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
    expect(scripts.map(([, attributes]) => attributes)).toEqual([
      ' src="/docs/swagger-ui-bundle.js"',
      ' src="/docs/start.js"',
    ]);
    expect(scripts.every(([, , body]) => body === '')).toBe(true); // nothing inline for the CSP to refuse

    const dist = require.resolve('swagger-ui-dist/swagger-ui-bundle.js');
    expect([bundle!.status, bundle!.type]).toEqual([200, 'text/javascript; charset=utf-8']);
    expect(bundle!.body.equals(readFileSync(dist))).toBe(true);
    expect([css!.status, css!.type]).toEqual([200, 'text/css; charset=utf-8']);
    expect(start!.body.toString()).toContain('SwaggerUIBundle');
  });

  test('serves only its listed files: traversal and other names under the docs path are not found', async () => {
    const answers = await sendAll(served(), [
      '/docs/../package.json',
      '/docs/..%2F..%2Fpackage.json',
      '/docs/%2e%2e/%2e%2e/package.json',
      '/docs/swagger-ui-bundle.js.map',
      '/docs/index.html',
      '/docs/package.json',
      '/docs/swagger-ui-dist/swagger-ui.js',
      '/docs//etc/passwd',
      '/docs/',
    ]);
    expect(answers.map(({ status }) => status)).toEqual(Array(answers.length).fill(404));
    for (const { body } of answers) expect(body.toString()).not.toMatch(/"name"|SwaggerUI|root:/);
  });

  test('path: false turns the document and the page off', async () => {
    const answers = await sendAll(served({ path: false }), ['/openapi.json', '/docs', '/docs/start.js']);
    expect(answers.map(({ status }) => status)).toEqual([404, 404, 404]);
  });

  test('docs: false keeps the document and turns the page off; paths are configurable', async () => {
    const answers = await sendAll(served({ path: '/api.json', docs: false }), [
      '/api.json',
      '/docs',
      '/openapi.json',
    ]);
    expect(answers.map(({ status }) => status)).toEqual([200, 404, 404]);
  });

  test('two schemas of one name answer the document 500 without naming them, other routes as before', async () => {
    const { app } = notesApp();
    const Entry = (field: string) => z.object({ [field]: z.string() }).meta({ id: 'Entry' });
    app.get('/journal', [describeRoute({ responses: { 200: Entry('title') } }), () => new JsonResponse({})]);
    app.get('/ledger', [describeRoute({ responses: { 200: Entry('amount') } }), () => new JsonResponse({})]);
    app.pipe(openApi(app, { info }));
    const [document, notes] = await sendAll(app, ['/openapi.json', '/notes']);
    expect(document!.status).toBe(500);
    expect(document!.body.toString()).not.toContain('Entry');
    expect(notes!.status).toBe(200);
  });
});

describe('openApi() against hostile input, over a socket', () => {
  test('writes a hostile title and document path into the page as text, never as markup', async () => {
    const title = `"'></div><script>alert(1)</script><!--`;
    const [page] = await sendAll(served({ info: { title, version: '1' }, path: `/a"onmouseover='x'.json` }), [
      '/docs',
    ]);
    const html = page!.body.toString();
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain(`"onmouseover`);
    expect(html).toContain(
      '<title>&#34;&#39;&#62;&#60;/div&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#60;!--</title>',
    );
    expect(html).toContain('data-url="/a&#34;onmouseover=&#39;x&#39;.json"');
    expect([...html.matchAll(/<script/g)]).toHaveLength(2);
  });

  test('answers only GET and HEAD; other methods and names under the docs path go on down the pipe', async () => {
    const answers = await sendAll(served(), [
      'HEAD /docs',
      'HEAD /openapi.json',
      'POST /docs',
      'PUT /openapi.json',
      'DELETE /docs/start.js',
      'OPTIONS /docs/swagger-ui.css',
      'PROPFIND /docs',
      'GET /docs/start.js?x=<script>',
      'GET /docs/start.js/',
      'GET /docs/START.JS',
      'GET /openapi.json/',
    ]);
    expect(answers.map(({ status }) => status)).toEqual([
      200, 200, 404, 404, 404, 404, 404, 200, 404, 404, 404,
    ]);
    expect(answers[0]!.body.length + answers[1]!.body.length).toBe(0);
  });

  test('a schema library that throws or gives a cyclic JSON Schema is noted as undescribed; the rest is described', async () => {
    const failing = (jsonSchema: () => unknown) =>
      ({
        '~standard': {
          version: 1,
          vendor: 'failing',
          validate: (value: unknown) => ({ value }),
          jsonSchema: { input: jsonSchema, output: jsonSchema },
        },
      }) as StandardSchemaV1;
    const cyclic: Record<string, unknown> = { type: 'object' };
    cyclic.properties = { self: cyclic };
    const { app } = notesApp();
    app.post('/throws', [
      validate({
        body: failing(() => {
          throw 'not an Error';
        }),
      }),
      () => new JsonResponse({}),
    ]);
    app.post('/cyclic', [validate({ body: failing(() => cyclic) }), () => new JsonResponse({})]);
    app.pipe(openApi(app, { info }));
    const [document, notes] = await sendAll(app, ['/openapi.json', '/notes']);
    expect([document!.status, notes!.status]).toEqual([200, 200]);
    const { paths } = JSON.parse(document!.body.toString());
    expect(paths['/throws'].post['x-framework-undescribed']).toEqual([
      'body: failing cannot express the input as JSON Schema: not an Error',
    ]);
    expect(paths['/cyclic'].post['x-framework-undescribed']).toEqual([
      expect.stringMatching(/^body: failing cannot express the input as JSON Schema: Converting circular/),
    ]);
    expect(paths['/notes'].post.requestBody).toBeDefined();
  });
});

describe('openApi() does its work once', () => {
  /** A schema library counting how often its JSON Schema is asked for. */
  function counted(id: string, fields: Record<string, unknown>) {
    const calls = { count: 0 };
    const convert = () => {
      calls.count += 1;
      return { type: 'object', properties: { item: { $ref: `#/$defs/${id}` } }, $defs: { [id]: fields } };
    };
    const schema = {
      '~standard': {
        version: 1,
        vendor: 'counted',
        validate: (value: unknown) => ({ value }),
        jsonSchema: { input: convert, output: convert },
      },
    } as StandardSchemaV1;
    return { schema, calls };
  }

  test('two hundred routes are described on the first request only', async () => {
    const app = new Application(new FindMyWayRouter());
    const { schema, calls } = counted('Item', { type: 'string' });
    for (let index = 0; index < 200; index++)
      app.post(`/items/${index}`, [validate({ body: schema }), () => new JsonResponse({})]);
    app.pipe(openApi(app, { info }));
    const answers = await sendAll(app, Array(5).fill('/openapi.json'));
    expect(answers.map(({ status }) => status)).toEqual(Array(5).fill(200));
    expect(Object.keys(JSON.parse(answers[4]!.body.toString()).paths)).toHaveLength(200);
    expect(calls.count).toBe(200);
  });

  test('a document that cannot be built answers 500 each time without being built again', async () => {
    const app = new Application(new FindMyWayRouter(), { onError: () => undefined });
    const first = counted('Entry', { type: 'string' });
    const second = counted('Entry', { type: 'number' });
    app.post('/journal', [validate({ body: first.schema }), () => new JsonResponse({})]);
    app.post('/ledger', [validate({ body: second.schema }), () => new JsonResponse({})]);
    app.pipe(openApi(app, { info }));
    const answers = await sendAll(app, Array(5).fill('/openapi.json'));
    expect(answers.map(({ status }) => status)).toEqual(Array(5).fill(500));
    expect([first.calls.count, second.calls.count]).toEqual([1, 1]);
  });
});

describe('openApi()', () => {
  test('mounted under a path, the page points below the mount', async () => {
    const outer = new Application(new FindMyWayRouter());
    const { app } = notesApp();
    app.pipe(openApi(app, { info }));
    outer.pipe('/api', app);
    const html = await (await outer.request('/api/docs')).text();
    expect(html).toContain('data-url="/api/openapi.json"');
    expect(html).toContain('src="/api/docs/start.js"');
    expect((await outer.request('/api/openapi.json')).status).toBe(200);
  });

  test('other methods go on down the pipe', async () => {
    expect((await served().request('/openapi.json', { method: 'POST' })).status).toBe(404);
  });

  test('bad options are named', () => {
    const app = new Application(new FindMyWayRouter());
    expect(() => openApi(app, { info, doc: '/d' } as never)).toThrow(
      'openApi(): option "doc" is unknown; use info, servers, path, docs.',
    );
    expect(() => openApi(app, { info, docs: 'docs' })).toThrow('openApi(): option "docs" must be a path');
    expect(() => openApi(app, { info, path: false, docs: '/docs' })).toThrow(
      'openApi(): option "docs" needs the document: path is false.',
    );
    expect(() => openApi(app, { info: { title: 'x' } } as never)).toThrow(
      'option "info" must have a string title',
    );
  });
});
