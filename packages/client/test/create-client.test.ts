import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
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
      'query "name" must be a string, finite number, boolean or an array of them.',
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

describe('createClient() against hostile input', () => {
  it('refuses a base URL with credentials or a scheme other than http: and https:', () => {
    expect(() => createClient<ShopApi>('https://user:secret@shop.test/')).toThrow(
      'createClient(): baseUrl may not carry a user name or password; send credentials in headers.',
    );
    for (const [url, scheme] of [
      ['javascript:alert(1)//', 'javascript:'],
      ['file:///etc/passwd', 'file:'],
      ['data:application/json,{}', 'data:'],
      ['ws://shop.test/', 'ws:'],
    ]) {
      expect(() => createClient<ShopApi>(url!)).toThrow(
        new ClientError(
          'FRAMEWORK_ERR_CLIENT_INVALID_OPTION',
          `createClient(): baseUrl must be an http: or https: URL, got "${scheme}".`,
        ),
      );
    }
  });

  it('refuses lone surrogates in params and query, and non-finite query numbers, sending nothing', async () => {
    const { client, sent } = shopClient();
    const params = { word: 'a\uD800', rest: 'x' };
    await expect(client.get('/echo/{word}/{rest}', { params })).rejects.toThrow(
      new ClientError(
        'FRAMEWORK_ERR_CLIENT_INVALID_PARAM',
        '/echo/{word}/{rest}: param "word" is not well-formed Unicode (a lone surrogate); it cannot be percent-encoded.',
      ),
    );
    await expect(client.get('/items', { query: { name: '\uDC00' } })).rejects.toThrow(
      'query "name" is not well-formed Unicode (a lone surrogate), which would be sent as U+FFFD.',
    );
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY]) {
      await expect(client.get('/items', { query: { name: value } } as never)).rejects.toThrow(
        'query "name" must be a string, finite number, boolean or an array of them.',
      );
    }
    expect(sent).toEqual([]);
    await client.get('/items', { query: { name: 'la\u{1F4A1}mp' } });
    expect(new URL(sent[0]!.url).search).toBe('?name=la%F0%9F%92%A1mp');
  });

  it('keeps query names and values, __proto__ and separators included, inside the query', async () => {
    const { client, sent } = shopClient();
    const query = JSON.parse('{"__proto__":"x","a&b=c":"d#e?f/../g"}') as Record<string, string>;
    await client.get('/items', { query } as never);
    const url = new URL(sent[0]!.url);
    expect([url.origin, url.pathname, url.hash]).toEqual(['http://shop.test', '/items', '']);
    expect([...url.searchParams]).toEqual([
      ['__proto__', 'x'],
      ['a&b=c', 'd#e?f/../g'],
    ]);
  });

  it('refuses a header value with CR or LF before sending', async () => {
    const { client, sent } = shopClient();
    for (const value of ['a\r\nx-injected: 1', 'a\nb', 'a\rb']) {
      await expect(client.get('/items', { headers: { 'x-team': value } })).rejects.toThrow(
        'is an invalid header value',
      );
    }
    expect(sent).toEqual([]);
  });
});

describe('createClient() reading hostile answers over a socket', () => {
  let server: Server;
  let answer: (request: IncomingMessage, response: ServerResponse) => void = () => undefined;
  let client: ReturnType<typeof createClient<ShopApi>>;
  beforeAll(async () => {
    server = createServer((request, response) => answer(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    client = createClient<ShopApi>(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const answerWith = (type: string, body: string) => {
    answer = (_, response) => response.writeHead(200, { 'content-type': type }).end(body);
  };

  it('parses a JSON answer holding __proto__ into an own key, polluting no prototype', async () => {
    answerWith('application/json', '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}');
    const { body } = (await client.get('/items')) as unknown as { body: Record<string, unknown> };
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(Object.keys(body)).toEqual(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('rejects with a SyntaxError when an answer claims JSON and is not', async () => {
    answerWith('application/problem+json', '<html>oops</html>');
    await expect(client.get('/items')).rejects.toThrow(SyntaxError);
    answerWith('text/html', '<script>alert(1)</script>');
    expect((await client.get('/items')).body).toBe('<script>alert(1)</script>');
  });

  it("stops reading an answer that never ends when the caller's signal aborts, and closes the connection", async () => {
    let closed!: () => void;
    const connectionClosed = new Promise<void>((resolve) => (closed = resolve));
    answer = (_, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).write('[1,');
      response.on('close', closed);
    };
    let headersRead!: () => void;
    const reading = new Promise<void>((resolve) => (headersRead = resolve));
    const watched = createClient<ShopApi>(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, {
      fetch: async (request) => {
        const response = await fetch(request);
        headersRead();
        return response;
      },
    });
    const controller = new AbortController();
    const pending = watched.get('/items', { signal: controller.signal });
    await reading;
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await connectionClosed;
  });
});
