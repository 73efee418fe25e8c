import * as application from '@framework/application';
import { run } from '@framework/node-server';
import * as routerFmw from '@framework/router-fmw';
import { announce } from './announce';
import { createBenchApp } from './framework-app';

void run(createBenchApp(application, routerFmw), { host: '127.0.0.1', port: 0 }).then(announce);
