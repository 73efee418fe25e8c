import * as application from '@framework/application';
import * as routerFmw from '@framework/router-fmw';
import type { AddressInfo } from 'node:net';
import { run } from '@framework/node-server';
import { createBenchApp } from './framework-app';

// run({ workers: WORKERS }): with 1 this process serves; with more, each worker prints the shared port.
void run(createBenchApp(application, routerFmw), {
  host: '127.0.0.1',
  port: 0,
  workers: Number(process.env.WORKERS ?? 1),
}).then((server) => {
  if (server !== undefined) process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`);
});
