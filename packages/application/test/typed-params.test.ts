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
});
