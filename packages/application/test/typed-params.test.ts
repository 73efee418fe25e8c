import { describe, expect, test } from '@jest/globals';
import { JsonResponse, type ServerRequest } from '../src';
import { call, createApp } from './support/app';

describe('typed route params', () => {
  test('params are typed from the path template', async () => {
    const app = createApp();
    app.get('/post/{id}/comment/{commentId}', (request) => {
      const id: string = request.params.id;
      const commentId: string = request.params.commentId;
      // @ts-expect-error: the template has no {slug}
      void request.params.slug;
      return new JsonResponse({ id, commentId });
    });
    app.get('/plain', (request: ServerRequest) => new JsonResponse(request.params));
    expect(await (await call(app, '/post/1/comment/2')).json()).toEqual({ id: '1', commentId: '2' });
    expect(await (await call(app, '/plain')).json()).toEqual({});
  });

  test('an inline constraint is not part of the param name', async () => {
    const app = createApp();
    app.get('/notes/{id:\\d+}', (request) => {
      const id: string = request.params.id;
      // @ts-expect-error: the name is id, not ID
      void request.params.ID;
      return new JsonResponse({ id });
    });
    app.get('/codes/{code:[a-z]{2}-\\d{2,4}}/{page}', (request) => {
      // @ts-expect-error: braces inside the constraint do not open a placeholder
      void request.params['2,4'];
      return new JsonResponse({ code: request.params.code, page: request.params.page });
    });
    expect(await (await call(app, '/notes/42')).json()).toEqual({ id: '42' });
    expect((await call(app, '/notes/abc')).status).toBe(404);
    expect(await (await call(app, '/codes/ab-123/2')).json()).toEqual({ code: 'ab-123', page: '2' });
  });
});
