import { bunServe } from './bun-serve';

// Bare Bun.serve: the three routes matched by hand, the floor under every framework on Bun.
bunServe((request) => {
  const path = new URL(request.url).pathname;
  if (path === '/') return new Response('Hello, world!');
  if (path === '/ping') return Response.json({ ack: Math.floor(Date.now() / 1000) });
  if (path.startsWith('/post/')) return new Response(`Post ${path.slice(6)}`);
  return new Response('Not Found', { status: 404 });
});
