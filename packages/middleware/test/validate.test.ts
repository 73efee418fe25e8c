import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { z } from 'zod';
import { JsonResponse, TextResponse } from '@framework/application';
import { MAX_LISTED_ISSUES, validate } from '../src';
import { appFromConfig, appWith, call, listen, send, type Served } from './support/app';

const Note = z.object({ title: z.string().min(1), tags: z.array(z.string().min(1)).default([]) });
const Paging = z.object({ page: z.coerce.number().int().min(1).default(1) });
const NoteId = z.object({ id: z.string().regex(/^\d+$/).transform(Number) });

describe('validate() over a socket', () => {
  let served: Served;
  beforeAll(async () => {
    const app = appWith();
    const newNote = validate({ body: Note, query: Paging });
    app.post('/notes', [
      newNote,
      (request) => {
        const { body, query } = newNote.of(request);
        const title: string = body.title;
        const page: number = query.page;
        return new JsonResponse({ title, tags: body.tags, page }, 201);
      },
    ]);
    const oneNote = validate({ params: NoteId });
    app.get('/notes/{id}', [oneNote, (request) => new JsonResponse({ id: oneNote.of(request).params.id })]);
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
