import { announce } from './announce';
import { createBenchApp } from './framework-app';

createBenchApp().run({ host: '127.0.0.1', port: 0 }).then(announce);
