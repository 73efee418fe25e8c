import Fastify from 'fastify';
import { announce } from './announce';

const app = Fastify({ logger: false });
app.get('/', async (_request, reply) => reply.type('text/plain; charset=utf-8').send('Hello, world!'));
app.get('/ping', async () => ({ ack: Math.floor(Date.now() / 1000) }));
app.get<{ Params: { id: string } }>('/post/:id', async (request, reply) =>
  reply.type('text/plain; charset=utf-8').send(`Post ${request.params.id}`),
);
app.listen({ port: 0, host: '127.0.0.1' }).then(() => announce(app.server));
