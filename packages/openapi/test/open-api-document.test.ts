import { describe, expect, test } from '@jest/globals';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { Application, TextResponse } from '@framework/application';
import { basicAuth, jwt, validate } from '@framework/middleware';
import { FindMyWayRouter } from '@framework/router-fmw';
import { z } from 'zod';
import { describeRoute, internal, openApiDocument, OpenApiError, type OpenApiOperation } from '../src';
import { assertValidOpenApi } from '../src/testing';
import { notesApp } from './support/notes-app';

const info = { title: 'Notes', version: '1.0.0' };
const operation = (document: ReturnType<typeof openApiDocument>, path: string, method: string) =>
  document.paths[path]?.[method] as OpenApiOperation;

/** A Standard Schema validator whose library offers no JSON Schema. */
const opaque: StandardSchemaV1 = {
  '~standard': { version: 1, vendor: 'opaque', validate: (value) => ({ value }) },
};

describe('openApiDocument() of the notes API', () => {
  const document = openApiDocument(notesApp().app, { info, servers: [{ url: 'http://127.0.0.1:8080' }] });

  test('validates as OpenAPI 3.1', async () => {
    expect(document.openapi).toBe('3.1.1');
    await assertValidOpenApi(document);
  });

  test('lists every route under its path, mounted ones under their prefix, by method', () => {
    expect(
      Object.fromEntries(Object.entries(document.paths).map(([path, item]) => [path, Object.keys(item)])),
    ).toEqual({
      '/notes': ['get', 'post'],
      '/notes/{id}': ['get', 'put', 'delete'],
      '/admin/stats': ['get'],
    });
    expect(operation(document, '/notes/{id}', 'get').operationId).toBe('note');
    expect(operation(document, '/notes/{id}', 'put').operationId).toBe('/notes/{id:\\d+}^PUT');
  });

  test('an inline constraint is the path parameter pattern', () => {
    expect(operation(document, '/notes/{id}', 'delete').parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^(?:\\d+)$' } },
    ]);
  });

  test('the validate() body is the request body, with the framework answers for reading it', () => {
    const create = operation(document, '/notes', 'post');
    expect(create.requestBody).toEqual({
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: {
              title: { type: 'string', minLength: 1, maxLength: 200 },
              text: { type: 'string', maxLength: 10000 },
            },
            required: ['title', 'text'],
          },
        },
      },
    });
    expect(Object.keys(create.responses).sort()).toEqual(['201', '400', '404', '405', '413', '415', '500']);
    expect(create.responses['415']).toEqual({ $ref: '#/components/responses/UnsupportedMediaType' });
    expect(Object.keys(operation(document, '/notes/{id}', 'get').responses).sort()).toEqual([
      '404',
      '405',
      '500',
      'default',
    ]);
  });

  test('the framework answers are problem+json, 405 with Allow', () => {
    const responses = document.components.responses as Record<string, any>;
    expect(responses.MethodNotAllowed.headers.Allow.schema).toEqual({ type: 'string' });
    expect(Object.keys(responses.NotFound.content)).toEqual(['application/problem+json']);
    expect(document.components.schemas.Problem).toMatchObject({ required: ['type', 'title', 'status'] });
  });

  test('declared responses and metadata come from describeRoute()', () => {
    const list = operation(document, '/notes', 'get');
    expect(list).toMatchObject({ summary: 'All notes', tags: ['notes'] });
    expect((list.responses['200'] as any).content['application/json'].schema.type).toBe('array');
    expect(list.responses).not.toHaveProperty('default');
  });

  test('the bearer token the admin application requires is its security', () => {
    const stats = operation(document, '/admin/stats', 'get');
    expect(stats.security).toEqual([{ bearerAuth: [] }]);
    expect(stats.responses['401']).toEqual({ $ref: '#/components/responses/Unauthorized' });
    expect(document.components.securitySchemes).toEqual({ bearerAuth: { type: 'http', scheme: 'bearer' } });
    expect(operation(document, '/notes', 'get').security).toBeUndefined();
  });
});

describe('openApiDocument() reads', () => {
  test('basic and JWT auth on a route or piped under a prefix', async () => {
    const app = new Application(new FindMyWayRouter());
    app.pipe('/secure', jwt({ secret: 'a-secret-of-at-least-thirty-two-chars!!', algorithms: ['HS256'] }));
    app.get('/secure/me', () => new TextResponse('me'));
    app.get('/securest', [
      basicAuth({ credentials: [{ username: 'ada', password: 'a-long-password-here' }] }),
      () => new TextResponse('x'),
    ]);
    const document = openApiDocument(app, { info });
    expect(operation(document, '/secure/me', 'get').security).toEqual([{ jwt: [] }]);
    expect(operation(document, '/securest', 'get').security).toEqual([{ basicAuth: [] }]);
    expect(document.components.securitySchemes).toEqual({
      jwt: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      basicAuth: { type: 'http', scheme: 'basic' },
    });
    await assertValidOpenApi(document);
  });

  test('query and params schemas as parameters', () => {
    const app = new Application(new FindMyWayRouter());
    app.get('/posts/{slug}', [
      validate({
        query: z.object({ page: z.string().optional(), q: z.string() }),
        params: z.object({ slug: z.string().max(40) }),
      }),
      () => new TextResponse('post'),
    ]);
    expect(operation(openApiDocument(app, { info }), '/posts/{slug}', 'get').parameters).toEqual([
      { name: 'slug', in: 'path', required: true, schema: { type: 'string', maxLength: 40 } },
      { name: 'page', in: 'query', required: false, schema: { type: 'string' } },
      { name: 'q', in: 'query', required: true, schema: { type: 'string' } },
    ]);
  });

  test('a schema without JSON Schema is noted as undescribed, never guessed', async () => {
    const app = new Application(new FindMyWayRouter());
    app.post('/opaque', [
      validate({ body: opaque }),
      describeRoute({ responses: { 200: opaque } }),
      () => new TextResponse(''),
    ]);
    const document = openApiDocument(app, { info });
    const post = operation(document, '/opaque', 'post');
    expect(post.requestBody).toEqual({ required: true, content: { 'application/json': { schema: {} } } });
    expect(post['x-framework-undescribed']).toEqual([
      'body: opaque offers no JSON Schema for its schemas (Standard JSON Schema).',
      'response 200: opaque offers no JSON Schema for its schemas (Standard JSON Schema).',
    ]);
    await assertValidOpenApi(document);
  });

  test('an any-method route is listed under GET, PUT, POST, DELETE and PATCH, marked', () => {
    const app = new Application(new FindMyWayRouter());
    app.route('/rpc', () => new TextResponse('rpc'), null, 'rpc');
    const item = openApiDocument(app, { info }).paths['/rpc']!;
    expect(Object.keys(item)).toEqual(['get', 'put', 'post', 'delete', 'patch']);
    expect(item.post).toMatchObject({ operationId: 'rpc_post', 'x-framework-any-method': true });
    expect(item.post!.responses).not.toHaveProperty('405');
  });

  test('describeRoute() hands every request on untouched', async () => {
    const app = new Application(new FindMyWayRouter());
    app.get('/x', [describeRoute({ summary: 'x' }), () => new TextResponse('handled')]);
    expect(await (await app.request('/x')).text()).toBe('handled');
  });
});

describe('openApiDocument() refuses and hides', () => {
  test('an internal application is never listed, nor what is mounted in it', () => {
    const { app, admin } = notesApp();
    const deeper = new Application(new FindMyWayRouter());
    deeper.get('/secret', () => new TextResponse('secret'));
    admin.pipe('/deeper', deeper);
    internal(admin);
    const document = openApiDocument(app, { info });
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/admin'))).toEqual([]);
    expect(JSON.stringify(document)).not.toContain('secret');
    expect(document.components.securitySchemes).toBeUndefined();
  });

  test('bad options are named', () => {
    const app = new Application(new FindMyWayRouter());
    expect(() => openApiDocument(app, { info, server: [] } as never)).toThrow(
      'openApiDocument(): option "server" is unknown; use info, servers.',
    );
    expect(() => openApiDocument(app, { info: { title: 'x' } } as never)).toThrow(
      'openApiDocument(): option "info" must have a string title and version.',
    );
    expect(() => describeRoute({ responses: { 99: opaque } } as never)).toThrow(
      'describeRoute(): option "responses.99" must be an HTTP status code (100-599).',
    );
  });

  test('assertValidOpenApi() rejects an invalid document with the catalogue code', async () => {
    const document = { ...openApiDocument(notesApp().app, { info }), info: { title: 'no version' } };
    await expect(assertValidOpenApi(document)).rejects.toThrow(OpenApiError);
    await expect(assertValidOpenApi(document)).rejects.toMatchObject({
      code: 'FRAMEWORK_ERR_OPENAPI_INVALID_DOCUMENT',
    });
    const dangling = openApiDocument(notesApp().app, { info });
    (dangling.components.responses as Record<string, unknown>) = {};
    await expect(assertValidOpenApi(dangling)).rejects.toThrow(OpenApiError);
  });
});
