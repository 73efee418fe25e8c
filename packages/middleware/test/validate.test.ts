import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { z } from 'zod';
import {
  type AddedToRequest,
  JsonResponse,
  type ServerRequest,
  TextResponse,
  timeout,
} from '@framework/application';
import { MAX_LISTED_ISSUES, MiddlewareError, validate } from '../src';
import { MAX_ISSUE_TEXT } from '../src/validate/validation-issues';
import { appFromConfig, appWith, call, listen, send, type Served } from './support/app';

const Note = z.object({ title: z.string().min(1), tags: z.array(z.string().min(1)).default([]) });
const Paging = z.object({ page: z.coerce.number().int().min(1).default(1) });
const NoteId = z.object({ id: z.string().regex(/^\d+$/).transform(Number) });

describe('validate() over a socket', () => {
  let served: Served;
  beforeAll(async () => {
    const app = appWith();
    app.post('/notes', [
      validate({ body: Note, query: Paging }),
      (request) => {
        const { body, query } = request.valid;
        const title: string = body.title;
        const page: number = query.page;
        return new JsonResponse({ title, tags: body.tags, page }, 201);
      },
    ]);
    const oneNote = validate({ params: NoteId });
    app.get('/notes/{id}', [oneNote, (request) => new JsonResponse({ id: oneNote.of(request).params.id })]);
    app.get('/notes/{id}/comments', [
      validate({ params: NoteId }),
      validate({ query: Paging }),
      (request) => {
        const id: number = request.valid.params.id;
        return new JsonResponse({ id, page: request.valid.query.page, keys: Object.keys(request.valid) });
      },
    ]);
    app.get('/traced', [
      validate({ headers: z.object({ 'x-request-id': z.string().regex(/^[\w-]{8,64}$/) }) }),
      (request) => new JsonResponse({ id: request.valid.headers['x-request-id'] }),
    ]);
    served = await listen(app);
  });
  afterAll(() => served.close());

  const post = (body: string, path = '/notes', type = 'application/json') =>
    send(served.origin, path, { method: 'POST', body, headers: { 'content-type': type } });

  it('hands the handler the validated, transformed values', async () => {
    const answer = await post(JSON.stringify({ title: 'Hello' }), '/notes?page=3');
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body.toString())).toEqual({ title: 'Hello', tags: [], page: 3 });
    const byId = await send(served.origin, '/notes/42');
    expect(JSON.parse(byId.body.toString())).toEqual({ id: 42 });
  });

  it('merges what several validate() in one list checked into request.valid', async () => {
    const answer = await send(served.origin, '/notes/42/comments?page=2');
    expect(JSON.parse(answer.body.toString())).toEqual({ id: 42, page: 2, keys: ['params', 'query'] });
    expect((await send(served.origin, '/notes/42/comments?page=0')).status).toBe(400);
    expect((await send(served.origin, '/notes/x/comments?page=1')).status).toBe(400);
  });

  it('answers 400 problem+json listing every issue by where and path', async () => {
    const answer = await post(JSON.stringify({ title: '', tags: ['a', 5, ''] }), '/notes?page=0');
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toBe('application/problem+json');
    const problem = JSON.parse(answer.body.toString());
    expect(problem).toMatchObject({
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      code: 'FRAMEWORK_ERR_VALIDATION_FAILED',
    });
    expect(problem.issues.map((issue: { in: string; path: unknown[] }) => [issue.in, issue.path])).toEqual([
      ['query', ['page']],
      ['body', ['title']],
      ['body', ['tags', 1]],
      ['body', ['tags', 2]],
    ]);
    expect(typeof problem.issues[0].message).toBe('string');
    expect((await send(served.origin, '/notes/seven')).status).toBe(400);
  });

  it('checks the headers by lower-case name and answers 400 naming the header', async () => {
    const traced = await send(served.origin, '/traced', { headers: { 'X-Request-Id': 'abc-12345' } });
    expect(JSON.parse(traced.body.toString())).toEqual({ id: 'abc-12345' });
    const missing = await send(served.origin, '/traced');
    expect(missing.status).toBe(400);
    expect(JSON.parse(missing.body.toString()).issues).toMatchObject([
      { in: 'headers', path: ['x-request-id'] },
    ]);
    const hostile = await send(served.origin, '/traced', { headers: { 'x-request-id': 'a'.repeat(4000) } });
    expect(hostile.status).toBe(400);
  });

  it('answers 400 to malformed JSON and 415 to a body that is not JSON', async () => {
    const malformed = await post('{"title": ');
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.body.toString()).code).toBe('FRAMEWORK_ERR_BODY_INVALID_JSON');
    const form = await post('title=x', '/notes', 'application/x-www-form-urlencoded');
    expect(form.status).toBe(415);
    expect(JSON.parse(form.body.toString()).code).toBe('FRAMEWORK_ERR_VALIDATION_UNSUPPORTED_MEDIA_TYPE');
    const textPlain = await post(JSON.stringify({ title: 'x' }), '/notes', 'text/plain');
    expect(textPlain.status).toBe(415);
    const jsonSuffix = await post(
      JSON.stringify({ title: 'x' }),
      '/notes',
      'application/vnd.api+json; charset=utf-8',
    );
    expect(jsonSuffix.status).toBe(201);
  });

  it('refuses prototype-poisoning bodies and bounds the listed issues', async () => {
    const poisoned = await post('{"title":"x","__proto__":{"admin":true}}');
    expect(poisoned.status).toBe(400);
    const manyTags = JSON.stringify({ title: 'x', tags: Array.from({ length: 500 }, (_, i) => i) });
    const answer = await post(manyTags);
    const problem = JSON.parse(answer.body.toString());
    expect(problem.issues).toHaveLength(MAX_LISTED_ISSUES);
    expect(problem.omittedIssues).toBe(500 - MAX_LISTED_ISSUES);
  });

  it('answers 413 to a body over the limit before validating', async () => {
    const answer = await post(JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024) }));
    expect(answer.status).toBe(413);
  });
});

/** A Standard Schema validator whose `validate` is `check`, as any library's could be. */
function schemaOf(check: (value: unknown) => unknown): StandardSchemaV1 {
  return { '~standard': { version: 1, vendor: 'hostile', validate: check } } as StandardSchemaV1;
}

describe('validate() against hostile schemas and input, over a socket', () => {
  let served: Served;
  let checked = 0;
  beforeAll(async () => {
    // A validator that echoes what the client sent into every message and path key, many times over.
    const echoing = schemaOf((value) => {
      const text = JSON.stringify(value);
      return {
        issues: Array.from({ length: 10_000 }, () => ({ message: `bad ${text}`, path: [text, text] })),
      };
    });
    const app = appWith(timeout(200));
    app.post('/echo', [validate({ body: echoing }), () => new TextResponse('never')]);
    const secret = 'secret-db-password';
    app.get('/throws', [
      validate({
        query: schemaOf(() => {
          throw new Error(secret);
        }),
      }),
      () => new TextResponse('x'),
    ]);
    app.get('/rejects', [
      validate({ query: schemaOf(() => Promise.reject(secret)) }),
      () => new TextResponse('x'),
    ]);
    app.get('/never', [
      validate({ query: schemaOf(() => new Promise(() => undefined)) }),
      () => new TextResponse('x'),
    ]);
    app.get('/ok', () => new TextResponse('ok'));
    app.get('/loose/{name}', [
      validate({ query: schemaOf((value) => ({ value })), params: z.looseObject({ name: z.string() }) }),
      (request) =>
        new JsonResponse({
          query: Object.keys(request.valid.query as object),
          params: request.valid.params.name,
          polluted: Object.prototype.hasOwnProperty.call(Object.prototype, 'admin'),
        }),
    ]);
    const counted = schemaOf((value) => {
      checked += 1;
      return { value };
    });
    app.post('/counted', [validate({ body: counted, query: Paging }), () => new TextResponse('x')]);
    served = await listen(app);
  });
  afterAll(() => served.close());

  it('bounds the 400 answer when a validator echoes a large input into every issue', async () => {
    const big = JSON.stringify({ title: `</script><script>alert(1)</script>"${'x'.repeat(500_000)}` });
    const answer = await send(served.origin, '/echo', {
      method: 'POST',
      body: big,
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.length).toBeLessThan(MAX_LISTED_ISSUES * 4 * MAX_ISSUE_TEXT);
    const problem = JSON.parse(answer.body.toString());
    expect(problem.issues).toHaveLength(MAX_LISTED_ISSUES);
    expect(problem.omittedIssues).toBe(10_000 - MAX_LISTED_ISSUES);
    const [first] = problem.issues;
    expect(first.message.length).toBe(MAX_ISSUE_TEXT);
    expect(first.message.startsWith('bad {"title":"</script><script>alert(1)</script>\\"xxx')).toBe(true);
    expect(first.path.map((key: string) => key.length)).toEqual([MAX_ISSUE_TEXT, MAX_ISSUE_TEXT]);
    expect(answer.headers['content-type']).toBe('application/problem+json');
  });

  it('answers 500 without message or stack when a validator throws or rejects with a non-Error', async () => {
    for (const path of ['/throws', '/rejects']) {
      const answer = await send(served.origin, `${path}?q=1`);
      expect(answer.status).toBe(500);
      expect(answer.body.toString()).not.toMatch(/secret|at .*\.ts|Error:/);
    }
    expect((await send(served.origin, '/ok')).body.toString()).toBe('ok');
  });

  it('leaves a validator that never settles to timeout() piped before it', async () => {
    const answer = await send(served.origin, '/never');
    expect(answer.status).toBe(503);
    expect((await send(served.origin, '/ok')).status).toBe(200);
  });

  it('keeps __proto__ and constructor keys of the query and params as plain own keys', async () => {
    const answer = await send(served.origin, '/loose/__proto__?__proto__=x&constructor=y&admin=1');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString())).toEqual({
      query: ['__proto__', 'constructor', 'admin'],
      params: '__proto__',
      polluted: false,
    });
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'admin')).toBe(false);
  });

  it('answers 413 to a body over the limit without running its validator', async () => {
    const answer = await send(served.origin, '/counted?page=0', {
      method: 'POST',
      body: JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(413);
    expect(checked).toBe(0);
  });
});

describe('validate() checks the values the handler reads, over a socket', () => {
  const Role = z.object({ role: z.enum(['user']).optional() });
  let served: Served;
  beforeAll(async () => {
    const app = appWith();
    app.post('/roles', [
      validate({ body: Role, query: Role }),
      async (request) =>
        new JsonResponse({
          body: (await request.json<{ role?: string }>()).role,
          query: request.query.role,
        }),
    ]);
    served = await listen(app);
  });
  afterAll(() => served.close());

  const post = (path: string, body: string) =>
    send(served.origin, path, { method: 'POST', body, headers: { 'content-type': 'application/json' } });

  it('reads a repeated JSON key as the handler does, the last one winning', async () => {
    expect((await post('/roles', '{"role":"user","role":"admin"}')).status).toBe(400);
    const answer = await post('/roles', '{"role":"admin","role":"user"}');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString())).toEqual({ body: 'user' });
  });

  it.each(['?role=user&role=admin', '?role=user&%72ole=admin', '?role=user&rol%65=admin'])(
    'sees every value of a repeated query key, however its name is escaped: %s',
    async (query) => {
      const answer = await post(`/roles${query}`, '{}');
      expect(answer.status).toBe(400);
      expect(answer.body.toString()).toContain('"in":"query"');
    },
  );
});

describe('validate() through app.fetch and config', () => {
  it('accepts any Standard Schema validator, async ones too', async () => {
    const Even: StandardSchemaV1<unknown, { n: number }> = {
      '~standard': {
        version: 1,
        vendor: 'hand-written',
        validate: async (value: unknown) => {
          const n = Number((value as { n?: string }).n);
          return Number.isInteger(n) && n % 2 === 0
            ? { value: { n } }
            : { issues: [{ message: 'n must be even', path: [{ key: 'n' }] }] };
        },
      },
    };
    const even = validate({ query: Even });
    const app = appWith();
    app.get('/', [even, (request) => new TextResponse(String(even.of(request).query.n * 2))]);
    expect(await (await call(app, '/?n=4')).text()).toBe('8');
    const odd = await call(app, '/?n=3');
    expect(odd.status).toBe(400);
    expect((await odd.json()) as object).toMatchObject({
      issues: [{ in: 'query', path: ['n'], message: 'n must be even' }],
    });
  });

  it('works from middleware_pipeline config, as a factory call and as a container service', async () => {
    for (const middleware of [validate({ query: Paging }), 'Paging']) {
      const app = appFromConfig(middleware, {
        routes: [{ path: '/', middleware: () => new TextResponse('ok') }],
        services: { Paging: () => validate({ query: Paging }) },
      });
      expect((await call(app, '/?page=2')).status).toBe(200);
      expect((await call(app, '/?page=-1')).status).toBe(400);
    }
  });

  it('says so when of(request) is asked about a request that did not go through it', () => {
    const check = validate({ query: Paging });
    const app = appWith();
    let message = '';
    app.get('/', (request) => {
      try {
        check.of(request);
      } catch (error) {
        message = (error as Error).message;
      }
      return new TextResponse('x');
    });
    return call(app, '/').then(() =>
      expect(message).toBe(
        'validate(): of(request) was called for a request that did not go through this middleware.',
      ),
    );
  });
});

// The `@ts-expect-error` lines are checked by the typecheck task: each must stay a compile error.
describe('request.valid', () => {
  it('is typed from the schemas for the entries after validate() in a route list, and only those', async () => {
    const app = appWith();
    app.post('/notes/{id}', [
      (request, handler) => {
        // @ts-expect-error: nothing has been validated yet (and reading it would throw)
        void (() => request.valid);
        return handler.handle(request);
      },
      validate({ body: Note, params: NoteId }),
      (request) => {
        // @ts-expect-error: the schema has no `titel`
        void request.valid.body.titel;
        // @ts-expect-error: the id is a number once transformed
        const id: string = request.valid.params.id;
        // @ts-expect-error: no query schema was given
        void request.valid.query;
        // @ts-expect-error: the params of the route are typed inside the list too
        void request.params.ID;
        return new JsonResponse({ id, title: request.valid.body.title, raw: request.params.id });
      },
    ]);
    const answer = await call(app, '/notes/7', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Hi' }),
    });
    expect(await answer.json()).toEqual({ id: 7, title: 'Hi', raw: '7' });
  });

  it('types a handler kept outside the list through AddedToRequest, and refuses a list without it', async () => {
    const newNote = validate({ body: Note });
    const create = (request: ServerRequest & AddedToRequest<typeof newNote>) =>
      new JsonResponse(request.valid.body, 201);
    const app = appWith();
    app.post('/notes', [newNote, create]);
    // @ts-expect-error: no validate() before the handler
    app.post('/drafts', [create]);
    // @ts-expect-error: nor when it is the route's only middleware
    app.post('/drafts/{id}', create);
    const answer = await call(app, '/notes', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Hi' }),
    });
    expect([answer.status, await answer.json()]).toEqual([201, { title: 'Hi', tags: [] }]);
  });

  it('says which middleware is missing when read on a request no validate() checked', async () => {
    let caught: unknown;
    const app = appWith();
    app.get('/', (request) => {
      try {
        Reflect.get(request, 'valid');
      } catch (error) {
        caught = error;
      }
      return new TextResponse('x');
    });
    await call(app, '/');
    expect(caught).toBeInstanceOf(MiddlewareError);
    expect(caught).toMatchObject({
      code: 'FRAMEWORK_ERR_VALIDATION_NOT_RUN',
      status: 500,
      message: 'request.valid needs validate() before this handler; no validate() checked this request.',
    });
  });

  it('stays on the request when later middleware derive a new one', async () => {
    const app = appWith();
    app.get('/', [
      validate({ query: Paging }),
      (request, handler) => handler.handle(request.withAttribute('seen', true).withMethod('GET')),
      (request) => new JsonResponse({ page: request.valid.query.page, seen: request.getAttribute('seen') }),
    ]);
    expect(await (await call(app, '/?page=4')).json()).toEqual({ page: 4, seen: true });
  });
});

describe('validate() schemas', () => {
  it('keeps the schemas it checks with, for tools that describe the route', () => {
    const middleware = validate({ body: Note, query: Paging });
    expect(middleware.schemas.body).toBe(Note);
    expect(middleware.schemas.query).toBe(Paging);
    expect(middleware.schemas).not.toHaveProperty('params');
  });
});
