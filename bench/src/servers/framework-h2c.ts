import * as application from '@framework/application';
import * as routerFmw from '@framework/router-fmw';
import { run } from '@framework/node-server';
import { announce } from './announce';
import { createBenchApp } from './framework-app';

// run() with `http2: true` and no `https`: HTTP/2 over cleartext (h2c).
void run(createBenchApp(application, routerFmw), { host: '127.0.0.1', port: 0, http2: true }).then(announce);
