import { describe, expect, test } from '@jest/globals';
import { assertValidOpenApi } from '@framework/openapi/testing';
import { createDocumentedApp } from '../samples/openapi';

const app = createDocumentedApp('a-token-long-enough-for-the-check-1234');
const fetchDocument = async () => (await app.request('/openapi.json')).json() as Promise<any>;

describe('the OpenAPI document of the sample', () => {
  test('is served at /openapi.json and validates as OpenAPI 3.1', async () => {
    const document = await fetchDocument();
    await assertValidOpenApi(document);
    expect(Object.keys(document.paths)).toEqual(['/notes']);
    expect(document.paths['/notes'].get.operationId).toBe('listNotes');
  });

  test('lists Note once and refers to it from both answers', async () => {
    const document = await fetchDocument();
    const note = { $ref: '#/components/schemas/Note' };
    expect(document.paths['/notes'].post.responses['201'].content['application/json'].schema).toEqual(note);
    expect(document.paths['/notes'].get.responses['200'].content['application/json'].schema).toEqual({
      type: 'array',
      items: note,
    });
    expect(document.components.schemas.Note.required).toEqual(['id', 'title', 'due']);
  });

  test('describes the request by what the client sends, the answer by what the handler returns', async () => {
    const post = (await fetchDocument()).paths['/notes'].post;
    expect(post.requestBody.content['application/json'].schema.properties.due).toMatchObject({
      type: 'string',
      format: 'date',
    });
    expect(post.parameters).toEqual([
      { name: 'idempotency-key', in: 'header', required: false, schema: { type: 'string', maxLength: 64 } },
    ]);
    expect(post.security).toEqual([{ bearerAuth: [] }]);
  });

  test('serves the docs page and leaves the internal application out', async () => {
    const page = await app.request('/docs');
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(JSON.stringify(await fetchDocument())).not.toContain('/ops');
    expect((await app.request('/ops/stats')).status).toBe(200);
  });

  test('the routes answer as documented', async () => {
    const created = await app.request('/notes', {
      method: 'POST',
      headers: {
        authorization: 'Bearer a-token-long-enough-for-the-check-1234',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ title: 'Write the guide', due: '2026-12-01' }),
    });
    expect(await created.json()).toEqual({ id: 1, title: 'Write the guide', due: Date.parse('2026-12-01') });
    expect(await (await app.request('/notes?limit=1')).json()).toHaveLength(1);
  });
});
