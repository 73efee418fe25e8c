import { AppFactory, fromFetch, JsonResponse, TextResponse } from '@framework/application';
import { FindMyWayRouter } from '@framework/router-fmw';
import { Hono } from 'hono';

function createBlog() {
  const blog = AppFactory.create<'post'>(undefined, new FindMyWayRouter()); // its own router
  blog.get(
    '/',
    (request) => new JsonResponse({ latest: blog.generateUri('post', { slug: 'hello' }, request) }),
  );
  blog.get('/{slug}', (request) => new JsonResponse({ post: request.params.slug }), 'post');
  return blog;
}

const legacy = new Hono();
legacy.get('/users/:id', (c) => c.json({ id: c.req.param('id'), from: 'hono' }));

export function createSite() {
  const app = AppFactory.create(undefined, new FindMyWayRouter());
  app.pipe('/blog', createBlog()); // /blog and /blog/... reach the blog, without the prefix
  app.pipe('/legacy', fromFetch(legacy.fetch)); // any WHATWG fetch handler
  app.get('/', () => new TextResponse('Home'));
  return app;
}
