import type {
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerBase,
} from 'fastify';

/** The three benchmarked routes on a Fastify instance, over HTTP/1.1 or HTTP/2. */
export function addFastifyRoutes<Server extends RawServerBase>(
  app: FastifyInstance<Server, RawRequestDefaultExpression<Server>, RawReplyDefaultExpression<Server>>,
): void {
  app.get('/', async (_request, reply) => reply.type('text/plain; charset=utf-8').send('Hello, world!'));
  app.get('/ping', async () => ({ ack: Math.floor(Date.now() / 1000) }));
  app.get<{ Params: { id: string } }>('/post/:id', async (request, reply) =>
    reply.type('text/plain; charset=utf-8').send(`Post ${request.params.id}`),
  );
}
