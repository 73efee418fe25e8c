// Compiled by the typecheck task; each `@ts-expect-error` below is also checked to fail without its
// directive (type-errors.test.ts).
import { createClient } from '../../src';
import type { ShopApi } from '../support/shop-app';

const client = createClient<ShopApi>('http://shop.test');

export async function typedCalls(): Promise<void> {
  const item = await client.get('/items/{id}', { params: { id: 1 } });
  if (item.status === 200) {
    const name: string = item.body.name;
    void name;
  }
  if (item.status === 404) {
    // @ts-expect-error: a 404 answers a problem or `{ missing }`, never an item
    void item.body.name;
  }
  // @ts-expect-error: before the status is checked the body may be a problem
  void item.body.name;

  await client.get('/items/{id}', { params: { id: '12' } });
  // @ts-expect-error: the path has `id`, not `itemId`
  await client.get('/items/{id}', { params: { itemId: 1 } });
  // @ts-expect-error: `{id:\d+}` takes digits, not any string
  await client.get('/items/{id}', { params: { id: 'lamp' } });
  // @ts-expect-error: a path with params needs them
  await client.get('/items/{id}');

  await client.post('/items', { body: { name: 'chair' } });
  // @ts-expect-error: the body schema has `name`, not `title`
  await client.post('/items', { body: { title: 'chair' } });
  // @ts-expect-error: the body schema requires `name`
  await client.post('/items', {});

  await client.get('/items', { query: { name: 'la' } });
  // @ts-expect-error: the query schema's `name` is a string
  await client.get('/items', { query: { name: 1 } });

  // @ts-expect-error: no route answers GET /nowhere
  await client.get('/nowhere');
  // @ts-expect-error: /items/{id} answers GET and DELETE, not POST
  await client.post('/items/{id}', { params: { id: 1 } });

  const created = await client.post('/items', { body: { name: 'desk' } });
  if (created.status === 201) {
    const id: number = created.body.id;
    void id;
  }
  const removed = await client.delete('/items/{id}', { params: { id: 1 } });
  if (removed.status === 204) {
    const nothing: null = removed.body;
    void nothing;
  }
  const tags = await client.get('/tags');
  if (tags.status === 200) {
    const names: string[] = tags.body;
    void names;
  }
  if (tags.status === 204) {
    // @ts-expect-error: the 204 answer declares no body
    void tags.body.length;
  }
  const stats = await client.get('/admin/stats');
  if (stats.status === 200) {
    const count: number = stats.body.items;
    void count;
  }
}
