import { run } from '@framework/node-server';
import { announce } from './announce';
import { createBenchApp } from './framework-app';

void run(createBenchApp(), { host: '127.0.0.1', port: 0 }).then(announce);
