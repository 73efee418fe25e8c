import { describe, expect, it } from '@jest/globals';
import { run } from '@framework/node-server';
import { ClientError, createClient } from '../src';
import { createShop, type ShopApi } from './support/shop-app';

function shopClient() {
  const app = createShop();
  const sent: Request[] = [];
  const client = createClient<ShopApi>('http://shop.test/', {
    fetch: (request) => {
      sent.push(request);
      return app.fetch(request);
    },
  });
  return { client, sent };
}

describe('createClient() against an application', () => {
  it('substitutes params, reads JSON answers and their status', async () => {
    const { client } = shopClient();
    const answer = await client.get('/items/{id}', { params: { id: 1 } });
    expect(answer).toMatchObject({ status: 200, ok: true, body: { id: 1, name: 'lamp' } });
  });

  it('sends a JSON body and reads the status the handler named', async () => {
    const { client, sent } = shopClient();
    const answer = await client.post('/items', { body: { name: 'chair' } });
    expect(answer).toMatchObject({ status: 201, body: { id: 2, name: 'chair' } });
    expect(sent[0]!.headers.get('content-type')).toBe('application/json');
  });

  it('writes the query, repeating a name for an array and leaving out undefined', async () => {
    const { client, sent } = shopClient();
    const answer = await client.get('/items', { query: { name: 'la' } });
    expect(answer.body).toEqual([{ id: 1, name: 'lamp' }]);
    await client.get('/items', { query: { name: undefined } });
    expect(new URL(sent[1]!.url).search).toBe('');
  });

  it('reads the framework problem+json answers: 400 from validate(), 404 from a handler error', async () => {
    const { client } = shopClient();
    const invalid = await client.post('/items', { body: { name: '' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ status: 400, code: 'FRAMEWORK_ERR_VALIDATION_FAILED' });
    const missing = await client.delete('/items/{id}', { params: { id: 9 } });
    expect(missing).toMatchObject({ status: 404, ok: false, body: { title: 'Not Found' } });
  });

  it('gives an empty answer a null body', async () => {
    const { client } = shopClient();
    expect(await client.delete('/items/{id}', { params: { id: '1' } })).toMatchObject({
      status: 204,
      body: null,
    });
  });

  it('reads a route whose answers describeRoute() declares', async () => {
    const { client } = shopClient();
    expect(await client.get('/tags')).toMatchObject({ status: 200, body: ['home'] });
  });

  it('calls a route of a mounted application under its prefix', async () => {
    const { client } = shopClient();
    expect(await client.get('/admin/stats')).toMatchObject({ status: 200, body: { items: 1 } });
  });

  it('percent-encodes a param so that it stays one segment', async () => {
    const { client, sent } = shopClient();
    const answer = await client.get('/echo/{word}/{rest}', { params: { word: 'a/b?c#d', rest: '%2e' } });
    expect(new URL(sent[0]!.url).pathname).toBe('/echo/a%2Fb%3Fc%23d/%252e');
    expect(answer.body).toMatchObject({ word: 'a/b?c#d', rest: '%2e' });
  });

  it.each(['', '.', '..'])('refuses the param value %j, which would change the path', async (value) => {
    const { client, sent } = shopClient();
    await expect(client.get('/echo/{word}/{rest}', { params: { word: value, rest: 'x' } })).rejects.toThrow(
      `/echo/{word}/{rest}: param "word" may not be ${JSON.stringify(value)}; it would change the path.`,
    );
    expect(sent).toEqual([]);
  });

  it('names a missing, an unknown and a non-scalar param', async () => {
    const { client } = shopClient();
    const call = (params: object) => client.get('/items/{id}', { params } as never);
    await expect(call({})).rejects.toThrow('/items/{id}: param "id" is missing.');
    await expect(call({ id: 1, other: 2 })).rejects.toThrow('/items/{id}: param "other" is not in the path.');
    await expect(call({ id: { toString: () => '..' } })).rejects.toThrow(
      '/items/{id}: param "id" must be a string or a finite number, got object.',
    );
    await expect(call({ id: Number.NaN })).rejects.toBeInstanceOf(ClientError);
  });

  it('never reads a param from the prototype', async () => {
    const { client } = shopClient();
    const params = Object.create({ id: 1 }) as { id: number };
    await expect(client.get('/items/{id}', { params })).rejects.toThrow('param "id" is missing');
  });

  it('refuses a relative base URL, a body on GET, an unknown option and an object query value', async () => {
    expect(() => createClient<ShopApi>('/api')).toThrow(
      'createClient(): baseUrl must be an absolute URL, got "/api".',
    );
    const { client } = shopClient();
    await expect(client.get('/admin/stats', { body: {} } as never)).rejects.toThrow(
      'GET /admin/stats: a GET request carries no body.',
    );
    await expect(client.get('/admin/stats', { param: {} } as never)).rejects.toThrow(
      'GET /admin/stats: option "param" is unknown; use params, query, body, headers, signal.',
    );
    await expect(client.get('/items', { query: { name: {} } } as never)).rejects.toThrow(
      'query "name" must be a string, number, boolean or an array of them.',
    );
  });

  it('keeps the base URL path and sends only the headers it is given', async () => {
    const sent: Request[] = [];
    const client = createClient<ShopApi>('https://shop.test/v1/?drop=me#x', {
      headers: { 'x-team': 'a', authorization: 'Bearer t' },
      fetch: async (request) => {
        sent.push(request);
        return new Response(null, { status: 204 });
      },
    });
    await client.get('/admin/stats', { query: { name: ['a', 'b'] }, headers: { 'x-team': 'b' } });
    expect(sent[0]!.url).toBe('https://shop.test/v1/admin/stats?name=a&name=b');
    expect([...sent[0]!.headers]).toEqual([
      ['authorization', 'Bearer t'],
      ['x-team', 'b'],
    ]);
  });
});

describe('createClient() over a socket', () => {
  it('calls an application served by @framework/node-server on 127.0.0.1', async () => {
    const server = await run(createShop(), { host: '127.0.0.1', port: 0, handleSignals: false });
    try {
      const { port } = server.address() as { port: number };
      const client = createClient<ShopApi>(`http://127.0.0.1:${port}`);
      expect(await client.post('/items', { body: { name: 'desk' } })).toMatchObject({ status: 201 });
      expect(await client.get('/items/{id}', { params: { id: 2 } })).toMatchObject({
        status: 200,
        body: { id: 2, name: 'desk' },
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
