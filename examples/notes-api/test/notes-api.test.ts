import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Logger } from '@framework/application';
import { assertValidOpenApi } from '@framework/openapi/testing';
import { createApp } from '../src/app';

const TOKEN = 'admin-token-of-the-tests';
const silent: Logger = { debug() {}, info() {}, warn() {}, error() {} };

function notesApp() {
  return createApp({ adminToken: TOKEN, publicDir: join(__dirname, '..', 'public'), logger: silent });
}

const json = (body: unknown, method = 'POST'): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe('the notes API', () => {
  it('creates a note with 201 and Location, then reads, lists, replaces and deletes it', async () => {
    const app = notesApp();
    const created = await app.request('/notes', json({ title: 'first', text: 'hello' }));
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe('/notes/1');
    expect(await created.json()).toEqual({ id: 1, title: 'first', text: 'hello' });

    expect(await (await app.request('/notes/1')).json()).toEqual({ id: 1, title: 'first', text: 'hello' });
    expect(await (await app.request('/notes')).json()).toEqual([{ id: 1, title: 'first', text: 'hello' }]);

    const replaced = await app.request('/notes/1', json({ title: 'second', text: '' }, 'PUT'));
    expect(await replaced.json()).toEqual({ id: 1, title: 'second', text: '' });

    expect((await app.request('/notes/1', { method: 'DELETE' })).status).toBe(204);
    expect((await app.request('/notes/1')).status).toBe(404);
  });

  it('answers 404 for an id that is not digits, and 404 for a note that does not exist', async () => {
    const app = notesApp();
    expect((await app.request('/notes/abc')).status).toBe(404);
    const missing = await app.request('/notes/7', json({ title: 't', text: '' }, 'PUT'));
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it('refuses an invalid body with 400 and a body that is not JSON with 415, creating nothing', async () => {
    const app = notesApp();
    const invalid = await app.request('/notes', json({ title: '', text: 1 }));
    expect(invalid.status).toBe(400);
    const notJson = await app.request('/notes', { method: 'POST', body: 'title=x' });
    expect(notJson.status).toBe(415);
    expect(await (await app.request('/notes')).json()).toEqual([]);
  });

  it('answers 405 with Allow for a method the path does not take', async () => {
    const answer = await notesApp().request('/notes/1', { method: 'PATCH' });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET, PUT, DELETE, HEAD, OPTIONS');
  });

  it('sends security headers and CORS headers, and answers a preflight', async () => {
    const app = notesApp();
    const answer = await app.request('/notes', { headers: { origin: 'https://ui.example' } });
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    const preflight = await app.request('/notes', {
      method: 'OPTIONS',
      headers: { origin: 'https://ui.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
  });

  it('compresses a large answer for a client that accepts gzip', async () => {
    const app = notesApp();
    for (let i = 0; i < 20; i += 1)
      await app.request('/notes', json({ title: `note ${i}`, text: 'x'.repeat(200) }));
    const answer = await app.request('/notes', { headers: { 'accept-encoding': 'gzip' } });
    expect(answer.headers.get('content-encoding')).toBe('gzip');
  });

  it('serves the static files under /assets', async () => {
    const answer = await notesApp().request('/assets/index.html');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await answer.text()).toContain('<h1>Notes</h1>');
    expect((await notesApp().request('/assets/../package.json')).status).toBe(404);
  });

  it('keeps /admin behind the bearer token', async () => {
    const app = notesApp();
    const refused = await app.request('/admin/stats');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const wrong = await app.request('/admin/stats', { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    const stats = await app.request('/admin/stats', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(await stats.json()).toEqual({ notes: 0 });
  });

  it('logs one line per request', async () => {
    const lines: unknown[] = [];
    const logger: Logger = { ...silent, info: (...args: unknown[]) => void lines.push(args) };
    const app = createApp({ adminToken: TOKEN, publicDir: join(__dirname, '..', 'public'), logger });
    await app.request('/notes');
    await app.request('/notes/abc');
    expect(lines).toHaveLength(2);
  });

  it('is written in fewer lines than the same API in Hono (84)', () => {
    const script = join(__dirname, '..', 'scripts', 'count-lines.mjs');
    const lines = Number(
      execFileSync(process.execPath, [script, join(__dirname, '..', 'src')], { encoding: 'utf8' }),
    );
    expect(lines).toBeGreaterThan(0);
    expect(lines).toBeLessThan(84);
  });

  it('serves an OpenAPI 3.1 document of every route, and its docs page', async () => {
    const app = notesApp();
    const document: any = await (await app.request('/openapi.json')).json();
    await assertValidOpenApi(document);
    const methods = Object.fromEntries(
      Object.entries(document.paths).map(([path, item]) => [path, Object.keys(item as object)]),
    );
    expect(methods).toEqual({
      '/notes': ['get', 'post'],
      '/notes/{id}': ['get', 'put', 'delete'],
      '/admin/stats': ['get'],
    });
    const put = document.paths['/notes/{id}'].put;
    expect(put.parameters[0]).toEqual({
      name: 'id',
      in: 'path',
      required: true,
      schema: { type: 'string', pattern: '^(?:\\d+)$' },
    });
    expect(put.requestBody.content['application/json'].schema.required).toEqual(['title', 'text']);
    expect(Object.keys(put.responses)).toEqual(['200', '400', '404', '405', '413', '415', '500']);
    expect(document.paths['/admin/stats'].get.security).toEqual([{ bearerAuth: [] }]);
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item as object));
    expect(operations.map(({ operationId }) => operationId)).toEqual([
      'listNotes',
      'createNote',
      'getNote',
      'replaceNote',
      'deleteNote',
      'adminStats',
    ]);
    const note = { $ref: '#/components/schemas/Note' };
    expect(put.responses['200'].content['application/json'].schema).toEqual(note);
    expect(document.paths['/notes'].get.responses['200'].content['application/json'].schema.items).toEqual(
      note,
    );
    expect(document.paths['/notes/{id}'].delete.responses['204']).toEqual({ description: 'No Content' });
    expect(document.components.schemas.Note.required).toEqual(['id', 'title', 'text']);
    const docs = await app.request('/docs');
    expect(docs.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await docs.text()).toContain('<script src="/docs/swagger-ui-bundle.js"></script>');
  });
});
