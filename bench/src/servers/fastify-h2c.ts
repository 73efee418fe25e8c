import Fastify from 'fastify';
import { announce } from './announce';
import { addFastifyRoutes } from './fastify-routes';

// Fastify with `http2: true` and no TLS options: HTTP/2 over cleartext (h2c).
const app = Fastify({ logger: false, http2: true });
addFastifyRoutes(app);
app.listen({ port: 0, host: '127.0.0.1' }).then(() => announce(app.server));
