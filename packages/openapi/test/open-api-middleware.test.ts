import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { Application, JsonResponse } from '@framework/application';
import { securityHeaders } from '@framework/middleware';
import { FindMyWayRouter } from '@framework/router-fmw';
import { z } from 'zod';
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
