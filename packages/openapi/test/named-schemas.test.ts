import { describe, expect, test } from '@jest/globals';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { Application, JsonResponse } from '@framework/application';
import { validate } from '@framework/middleware';
import { FindMyWayRouter } from '@framework/router-fmw';
import { z } from 'zod';
import { describeRoute, openApiDocument, OpenApiError, type OpenApiOperation } from '../src';
import { assertValidOpenApi } from '../src/testing';
import { resolveRefs } from './support/resolve-refs';

const info = { title: 'Named', version: '1.0.0' };
const ok = () => new JsonResponse({});
const operation = (document: ReturnType<typeof openApiDocument>, path: string, method: string) =>
  document.paths[path]?.[method] as OpenApiOperation;
const bodySchema = (op: OpenApiOperation) => (op.requestBody as any).content['application/json'].schema;
const answerSchema = (op: OpenApiOperation, status: number) =>
  (op.responses[status] as any).content['application/json'].schema;

/** A library offering Standard JSON Schema whose output names its parts in `$defs` (as valibot and arktype can). */
function handmade(jsonSchema: Record<string, unknown>): StandardSchemaV1 {
  const convert = () => ({ $schema: 'https://json-schema.org/draft/2020-12/schema', ...jsonSchema });
  return {
    '~standard': {
      version: 1,
      vendor: 'handmade',
      validate: (value) => ({ value }),
      jsonSchema: { input: convert, output: convert },
    },
  } as StandardSchemaV1;
}

const Tag = z.object({ label: z.string() }).meta({ id: 'Tag' });
const Note = z.object({ id: z.number().int(), title: z.string(), tags: z.array(Tag) }).meta({ id: 'Note' });
const Tree = z.object({
  name: z.string(),
  get children() {
    return z.array(Tree);
  },
});

function namedApp(): Application {
  const app = new Application(new FindMyWayRouter());
  app.get('/notes', [describeRoute({ responses: { 200: z.array(Note) } }), ok], 'notes');
  app.post(
    '/notes',
    [validate({ body: Note.omit({ id: true }) }), describeRoute({ responses: { 201: Note } }), ok],
    'createNote',
  );
  app.get('/notes/{id}', [describeRoute({ responses: { 200: Note } }), ok], 'note');
  app.put('/tree', [validate({ body: Tree }), describeRoute({ responses: { 200: Tree } }), ok], 'tree');
  app.post(
    '/documents',
    [
      validate({
        body: handmade({
          type: 'object',
          properties: {
            owner: { $ref: '#/$defs/Person' },
            editor: { $ref: '#/$defs/Person/properties/name' },
          },
          $defs: { Person: { type: 'object', properties: { name: { type: 'string' } } } },
        }),
      }),
      ok,
    ],
    'createDocument',
  );
  return app;
}

describe('named schemas are components', () => {
  const document = openApiDocument(namedApp(), { info });

  test('the document validates and every $ref resolves', async () => {
    await assertValidOpenApi(document);
    const refs = resolveRefs(document);
    expect(refs.length).toBeGreaterThan(20);
    expect(refs.filter(({ target }) => target === undefined)).toEqual([]);
  });

  test('a schema named with .meta({ id }) is listed once and each use refers to it', () => {
    const { schemas } = document.components;
    expect(schemas.Note).toEqual({
      type: 'object',
      properties: {
        id: { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 },
        title: { type: 'string' },
        tags: { type: 'array', items: { $ref: '#/components/schemas/Tag' } },
      },
      required: ['id', 'title', 'tags'],
      additionalProperties: false,
    });
    const note = { $ref: '#/components/schemas/Note' };
    expect(answerSchema(operation(document, '/notes/{id}', 'get'), 200)).toEqual(note);
    expect(answerSchema(operation(document, '/notes', 'post'), 201)).toEqual(note);
    expect(answerSchema(operation(document, '/notes', 'get'), 200)).toEqual({ type: 'array', items: note });
    expect(JSON.stringify(document)).not.toContain('$defs');
  });

  test('a recursive schema without a name gets one, and refers to itself there', () => {
    const body = bodySchema(operation(document, '/tree', 'put'));
    const name = /^#\/components\/schemas\/(Schema\d+)$/.exec(body.$ref)?.[1];
    expect(document.components.schemas[name!]).toMatchObject({
      properties: { children: { type: 'array', items: { $ref: body.$ref } } },
    });
  });

  test("another library's $defs become components, a pointer into one included", () => {
    expect(bodySchema(operation(document, '/documents', 'post')).properties).toEqual({
      owner: { $ref: '#/components/schemas/Person' },
      editor: { $ref: '#/components/schemas/Person/properties/name' },
    });
    expect(document.components.schemas.Person).toEqual({
      type: 'object',
      properties: { name: { type: 'string' } },
    });
  });

  test('every framework error answer is problem+json referring to the one Problem schema', () => {
    const responses = document.components.responses as Record<string, any>;
    for (const [name, response] of Object.entries(responses)) {
      const schema = response.content['application/problem+json'].schema;
      const problem = name === 'ValidationFailed' ? document.components.schemas.ValidationProblem : schema;
      expect(JSON.stringify(problem)).toContain('"$ref":"#/components/schemas/Problem"');
    }
    const errors = Object.entries(operation(document, '/notes', 'post').responses).filter(
      ([status]) => Number(status) >= 400,
    );
    expect(errors.map(([, response]) => (response as { $ref: string }).$ref)).toEqual([
      '#/components/responses/ValidationFailed',
      '#/components/responses/NotFound',
      '#/components/responses/MethodNotAllowed',
      '#/components/responses/PayloadTooLarge',
      '#/components/responses/UnsupportedMediaType',
      '#/components/responses/InternalServerError',
    ]);
  });
});

describe('input and output schemas', () => {
  test('a transform makes the request side the input and the declared answer the output', async () => {
    const Count = z.object({ count: z.string().transform(Number).pipe(z.number()) });
    const app = new Application(new FindMyWayRouter());
    app.post('/counts', [validate({ body: Count }), describeRoute({ responses: { 200: Count } }), ok]);
    const document = openApiDocument(app, { info });
    const post = operation(document, '/counts', 'post');
    expect(bodySchema(post).properties).toEqual({ count: { type: 'string' } });
    expect(answerSchema(post, 200).properties).toEqual({ count: { type: 'number' } });
    await assertValidOpenApi(document);
  });

  test('a named schema whose sides differ is listed as <name> (output) and <name>Input', async () => {
    const Item = z
      .object({ id: z.string().transform(Number).pipe(z.number()), tags: z.array(z.string()).default([]) })
      .meta({ id: 'Item' });
    const Basket = z.object({ items: z.array(Item) }).meta({ id: 'Basket' });
    const app = new Application(new FindMyWayRouter());
    app.post('/baskets', [validate({ body: Basket }), describeRoute({ responses: { 201: Basket } }), ok]);
    const document = openApiDocument(app, { info });
    const post = operation(document, '/baskets', 'post');
    expect(bodySchema(post)).toEqual({ $ref: '#/components/schemas/BasketInput' });
    expect(answerSchema(post, 201)).toEqual({ $ref: '#/components/schemas/Basket' });
    const { schemas } = document.components;
    expect(schemas.BasketInput).toMatchObject({
      properties: { items: { items: { $ref: '#/components/schemas/ItemInput' } } },
    });
    expect(schemas.Basket).toMatchObject({
      properties: { items: { items: { $ref: '#/components/schemas/Item' } } },
    });
    expect(schemas.ItemInput).toMatchObject({ properties: { id: { type: 'string' } }, required: ['id'] });
    expect(schemas.Item).toMatchObject({ properties: { id: { type: 'number' } }, required: ['id', 'tags'] });
    await assertValidOpenApi(document);
  });
});

describe('parameters', () => {
  test('query and header schemas give one parameter per property, required or not', async () => {
    const app = new Application(new FindMyWayRouter());
    app.get('/search', [
      validate({
        query: z.object({ q: z.string().min(1), page: z.string().optional() }),
        headers: z.object({
          'x-request-id': z.string().uuid(),
          'x-tenant': z.string().optional(),
          authorization: z.string(),
        }),
      }),
      ok,
    ]);
    const document = openApiDocument(app, { info });
    expect(operation(document, '/search', 'get').parameters).toEqual([
      { name: 'q', in: 'query', required: true, schema: { type: 'string', minLength: 1 } },
      { name: 'page', in: 'query', required: false, schema: { type: 'string' } },
      {
        name: 'x-request-id',
        in: 'header',
        required: true,
        schema: expect.objectContaining({ type: 'string', format: 'uuid' }),
      },
      { name: 'x-tenant', in: 'header', required: false, schema: { type: 'string' } },
    ]);
    await assertValidOpenApi(document);
  });

  test('a named query schema is read through its component', () => {
    const Paging = z.object({ page: z.string(), size: z.string().optional() }).meta({ id: 'Paging' });
    const app = new Application(new FindMyWayRouter());
    app.get('/pages', [validate({ query: Paging }), ok]);
    const parameters = operation(openApiDocument(app, { info }), '/pages', 'get').parameters;
    expect(parameters?.map(({ name, required }) => [name, required])).toEqual([
      ['page', true],
      ['size', false],
    ]);
  });
});

describe('name clashes', () => {
  test('two different schemas of one name are an error naming both routes', () => {
    const First = z.object({ title: z.string() }).meta({ id: 'Entry' });
    const Second = z.object({ amount: z.number() }).meta({ id: 'Entry' });
    const app = new Application(new FindMyWayRouter());
    app.get('/journal', [describeRoute({ responses: { 200: First } }), ok]);
    app.get('/ledger/{id}', [describeRoute({ responses: { 200: Second } }), ok]);
    expect(() => openApiDocument(app, { info })).toThrow(
      new OpenApiError(
        'FRAMEWORK_ERR_OPENAPI_SCHEMA_NAME_CLASH',
        'openApiDocument(): two different schemas are named "Entry", one in GET /journal (response 200) ' +
          'and one in GET /ledger/{id} (response 200); give them different ids.',
      ),
    );
  });

  test("a schema named like one of the framework's is an error naming it", () => {
    const app = new Application(new FindMyWayRouter());
    const Problem = z.object({ reason: z.string() }).meta({ id: 'Problem' });
    app.post('/reports', [validate({ body: Problem }), ok]);
    expect(() => openApiDocument(app, { info })).toThrow(
      'openApiDocument(): two different schemas are named "Problem", one in POST /reports (body) ' +
        "and one in the framework's error answers; give them different ids.",
    );
  });

  test('a schema named <name>Input beside one whose sides differ is an error', () => {
    const Order = z.object({ at: z.string().transform(Date.parse).pipe(z.number()) }).meta({ id: 'Order' });
    const OrderInput = z.object({ other: z.boolean() }).meta({ id: 'OrderInput' });
    const app = new Application(new FindMyWayRouter());
    app.post('/orders', [validate({ body: Order }), describeRoute({ responses: { 201: Order } }), ok]);
    app.get('/drafts', [describeRoute({ responses: { 200: OrderInput } }), ok]);
    expect(() => openApiDocument(app, { info })).toThrow(
      'openApiDocument(): two different schemas are named "OrderInput", one in GET /drafts (response 200) ' +
        'and one in POST /orders (body); give them different ids.',
    );
  });
});

describe('hostile names', () => {
  test('schemas named like Object.prototype members are listed as components, every $ref resolving', async () => {
    const Constructor = z.object({ label: z.string() }).meta({ id: 'constructor' });
    const ToString = z.object({ size: z.number() }).meta({ id: 'toString' });
    const app = new Application(new FindMyWayRouter());
    app.post('/tags', [validate({ body: Constructor }), describeRoute({ responses: { 201: ToString } }), ok]);
    const document = openApiDocument(app, { info });
    expect(Object.hasOwn(document.components.schemas, 'constructor')).toBe(true);
    expect(Object.hasOwn(document.components.schemas, 'toString')).toBe(true);
    expect(resolveRefs(document).filter(({ target }) => target === undefined)).toEqual([]);
    await assertValidOpenApi(document);
  });

  test.each(['a/b', 'a~b', '100%', 'é ü', '<script>'])(
    'a schema named %j, which no component may be, is an error naming it',
    (id) => {
      const app = new Application(new FindMyWayRouter());
      app.post('/notes', [validate({ body: z.object({ tag: z.object({}).meta({ id }) }) }), ok]);
      expect(() => openApiDocument(app, { info })).toThrow(
        new OpenApiError(
          'FRAMEWORK_ERR_OPENAPI_INVALID_SCHEMA_NAME',
          `openApiDocument(): the schema named ${JSON.stringify(id)} in POST /notes (body) cannot be a ` +
            'component name; use letters, digits, ".", "-" and "_".',
        ),
      );
    },
  );

  test('a $ref with a malformed escape or JSON pointer escapes resolves or stays as written', async () => {
    const app = new Application(new FindMyWayRouter());
    const body = handmade({
      type: 'object',
      properties: { lost: { $ref: '#/$defs/%zz' }, escaped: { $ref: '#/$defs/__a~1b' } },
      $defs: { '__a/b': { type: 'string' } },
    });
    app.post('/odd', [validate({ body }), ok]);
    const document = openApiDocument(app, { info });
    const properties = bodySchema(operation(document, '/odd', 'post')).properties;
    expect(properties.lost).toEqual({ $ref: '#/$defs/%zz' });
    expect(properties.escaped).toEqual({ $ref: '#/components/schemas/Schema1' });
    expect(document.components.schemas.Schema1).toEqual({ type: 'string' });
  });

  test('route names, params and properties called __proto__ or constructor stay own entries of the document', () => {
    const app = new Application(new FindMyWayRouter());
    const query = z.object({ constructor: z.string(), toString: z.string().optional() });
    app.get('/things/{constructor}', [validate({ query }), ok], '__proto__');
    const document = openApiDocument(app, { info });
    const get = operation(document, '/things/{constructor}', 'get');
    expect(get.operationId).toBe('__proto__');
    expect(get.parameters?.map(({ name, in: place }) => `${place}:${name}`)).toEqual([
      'path:constructor',
      'query:constructor',
      'query:toString',
    ]);
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'operationId')).toBe(false);
  });

  test('route templates holding ~, %, unicode and a param named __proto__ are listed as the router holds them, the document valid', async () => {
    const app = new Application(new FindMyWayRouter());
    for (const path of ['/a~1b/{id}', '/caf\u00e9/{id}', '/100%25/x', '/{__proto__}/~0']) app.get(path, ok);
    const document = openApiDocument(app, { info });
    expect(Object.keys(document.paths)).toEqual([
      '/a~1b/{id}',
      '/caf%C3%A9/{id}', // the router keeps a template percent-encoded
      '/100%25/x',
      '/{__proto__}/~0',
    ]);
    expect(operation(document, '/{__proto__}/~0', 'get').parameters?.[0]?.name).toBe('__proto__');
    expect(resolveRefs(document).filter(({ target }) => target === undefined)).toEqual([]);
    await assertValidOpenApi(document);
  });
});
