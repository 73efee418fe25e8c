import { beforeEach, describe, expect, test } from '@jest/globals';
import { createNotesApp } from '../samples/notes-api';

let app: ReturnType<typeof createNotesApp>;
const request = (path: string, init?: RequestInit) => app.request(path, init);
const sendJson = (method: string, path: string, body: unknown) =>
  request(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

beforeEach(() => {
  app = createNotesApp(); // a fresh application, and a fresh store, per test
});

describe('the notes API', () => {
  test('POST /notes answers 201 with the note and its Location', async () => {
    const response = await sendJson('POST', '/notes', { title: 'Buy milk' });
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe('/notes/1');
    expect(await response.json()).toEqual({ id: 1, title: 'Buy milk', tags: [] });
  });

  test('an invalid body answers 400 naming each problem', async () => {
    const response = await sendJson('POST', '/notes', { title: '', tags: 'x' });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const problem = (await response.json()) as { code: string; issues: { in: string; path: string[] }[] };
    expect(problem.code).toBe('FRAMEWORK_ERR_VALIDATION_FAILED');
    expect(problem.issues.map((issue) => [issue.in, issue.path.join('.')])).toEqual([
      ['body', 'title'],
      ['body', 'tags'],
    ]);
  });

  test('a body that is not JSON answers 415', async () => {
    const response = await request('/notes', { method: 'POST', body: 'title=Buy milk' });
    expect(response.status).toBe(415);
  });

  test('GET, PUT and DELETE /notes/{id} read, replace and remove a note', async () => {
    await sendJson('POST', '/notes', { title: 'Buy milk', tags: ['home'] });
    expect(await (await request('/notes/1')).json()).toEqual({ id: 1, title: 'Buy milk', tags: ['home'] });

    const replaced = await sendJson('PUT', '/notes/1', { title: 'Buy oat milk' });
    expect(await replaced.json()).toEqual({ id: 1, title: 'Buy oat milk', tags: [] });

    expect((await request('/notes/1', { method: 'DELETE' })).status).toBe(204);
    expect((await request('/notes/1')).status).toBe(404);
  });

  test('GET /notes lists the notes, filtered by ?tag=', async () => {
    await sendJson('POST', '/notes', { title: 'a', tags: ['home'] });
    await sendJson('POST', '/notes', { title: 'b', tags: ['work'] });
    expect(await (await request('/notes')).json()).toHaveLength(2);
    expect(await (await request('/notes?tag=work')).json()).toEqual([{ id: 2, title: 'b', tags: ['work'] }]);
  });

  test('an id that is not digits is a 404, and an unknown one names it', async () => {
    expect((await request('/notes/abc')).status).toBe(404);
    const missing = await request('/notes/7');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { detail: string }).detail).toBe('No note 7.');
  });
});
