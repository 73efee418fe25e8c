import { run } from '@framework/node-server';
import { createApp } from './app';

const adminToken = process.env.ADMIN_TOKEN;
if (adminToken === undefined) throw new Error('Set ADMIN_TOKEN to the token /admin accepts.');
void run(createApp({ adminToken, publicDir: `${__dirname}/../public` }), {
  port: Number(process.env.PORT ?? 8080),
});
