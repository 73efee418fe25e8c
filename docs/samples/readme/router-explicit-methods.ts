import { AppFactory, TextResponse } from '@framework/application';
import { ExplicitMethodsRouter } from '@framework/router-explicit-methods';

export const app = AppFactory.create(undefined, new ExplicitMethodsRouter());
app.route('/post/{id}', () => new TextResponse('post')); // no list: the eight explicit methods
app.route('/posts', () => new TextResponse('posts'), []); // an empty list: GET, HEAD and OPTIONS
app.post('/trackback', () => new TextResponse('tracked'));
// PATCH /post/1 → 200; PURGE /post/1 → 405, Allow: HEAD, OPTIONS, GET, POST, PATCH, PUT, TRACE, DELETE;
// GET /posts → 200; GET /trackback → 405, Allow: POST, HEAD, OPTIONS
