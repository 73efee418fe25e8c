import { describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import type { Logger } from '@framework/application';
import { createClient } from '@framework/client';
import { createApp } from '../src/app';

type NotesApi = ReturnType<typeof createApp>['api'];

const TOKEN = 'admin-token-of-the-tests';
const silent: Logger = { debug() {}, info() {}, warn() {}, error() {} };

function notesClient(headers: Record<string, string> = {}) {
  const app = createApp({ adminToken: TOKEN, publicDir: join(__dirname, '..', 'public'), logger: silent });
  return createClient<NotesApi>('http://notes.test', { fetch: (request) => app.fetch(request), headers });
}

describe('the notes API through the typed client', () => {
  it('calls every route: create, list, read, replace, delete and the admin stats', async () => {
    const client = notesClient({ authorization: `Bearer ${TOKEN}` });
    const created = await client.post('/notes', { body: { title: 'First', text: 'Hello' } });
    expect(created).toMatchObject({ status: 201, body: { id: 1, title: 'First', text: 'Hello' } });
    expect(created.headers.get('location')).toBe('/notes/1');

    const list = await client.get('/notes');
    expect(list).toMatchObject({ status: 200, body: [{ id: 1, title: 'First' }] });

    const read = await client.get('/notes/{id}', { params: { id: 1 } });
    expect(read.status).toBe(200);
    if (read.status === 200) expect(read.body.title).toBe('First');

    const replaced = await client.put('/notes/{id}', { params: { id: 1 }, body: { title: 'New', text: '' } });
    expect(replaced).toMatchObject({ status: 200, body: { id: 1, title: 'New', text: '' } });

    expect(await client.get('/admin/stats')).toMatchObject({ status: 200, body: { notes: 1 } });
    expect(await client.delete('/notes/{id}', { params: { id: '1' } })).toMatchObject({
      status: 204,
      body: null,
    });
    expect(await client.get('/notes')).toMatchObject({ status: 200, body: [] });
  });

  it('gets the framework answers as typed problems: 404, 400 and 401', async () => {
    const client = notesClient();
    const missing = await client.get('/notes/{id}', { params: { id: 7 } });
    expect(missing.status).toBe(404);
    if (missing.status === 404) expect(missing.body).toMatchObject({ status: 404, detail: 'No note 7.' });

    const invalid = await client.post('/notes', { body: { title: '', text: 'x' } });
    expect(invalid).toMatchObject({ status: 400, body: { code: 'FRAMEWORK_ERR_VALIDATION_FAILED' } });
    expect(await client.get('/admin/stats')).toMatchObject({ status: 401 });
  });

  it('refuses a param that would leave the notes path before sending anything', async () => {
    const client = notesClient();
    // The type already refuses it (`{id:\d+}` takes digits); a value from outside the types still meets the check.
    const id = '..' as `${number}`;
    await expect(client.get('/notes/{id}', { params: { id } })).rejects.toThrow(
      '/notes/{id}: param "id" may not be ".."; it would change the path.',
    );
  });
});

/** Compiled by the typecheck task: each line below a directive must fail to compile. */
export async function wrongCalls(): Promise<void> {
  const client = notesClient();
  // @ts-expect-error: the path names `id`, not `noteId`
  await client.get('/notes/{id}', { params: { noteId: 1 } });
  // @ts-expect-error: a note body has `title` and `text`, not `name`
  await client.post('/notes', { body: { name: 'x', text: '' } });
  // @ts-expect-error: no route answers PATCH /notes/{id}
  await client.patch('/notes/{id}', { params: { id: 1 } });
  const read = await client.get('/notes/{id}', { params: { id: 1 } });
  if (read.status === 404) {
    // @ts-expect-error: a 404 answers a problem, which has no `text`
    void read.body.text;
  }
}
