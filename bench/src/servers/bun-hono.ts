import { Hono } from 'hono';
import { bunServe } from './bun-serve';

const app = new Hono();
app.get('/', (c) => c.text('Hello, world!'));
app.get('/ping', (c) => c.json({ ack: Math.floor(Date.now() / 1000) }));
app.get('/post/:id', (c) => c.text(`Post ${c.req.param('id')}`));
bunServe(app.fetch);
