import Fastify from 'fastify';
import { announce } from './announce';
import { addFastifyRoutes } from './fastify-routes';

const app = Fastify({ logger: false });
addFastifyRoutes(app);
app.listen({ port: 0, host: '127.0.0.1' }).then(() => announce(app.server));
