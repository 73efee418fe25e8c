import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { Server } from 'node:http';
import { announce } from './announce';

const app = new Hono();
app.get('/', (c) => c.text('Hello, world!'));
app.get('/ping', (c) => c.json({ ack: Math.floor(Date.now() / 1000) }));
app.get('/post/:id', (c) => c.text(`Post ${c.req.param('id')}`));
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => announce(server as Server));
