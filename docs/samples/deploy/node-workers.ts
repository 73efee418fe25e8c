import { readiness } from '@framework/application';
import { run } from '@framework/node-server';
import { app } from '../tutorial/src/app';

app.get('/health/ready', readiness(app)); // 200, then 503 once shutdown starts

// One worker per core ('auto'), or WEB_CONCURRENCY of them; each worker runs this file again.
const workers = process.env.WEB_CONCURRENCY ? Number(process.env.WEB_CONCURRENCY) : 'auto';
void run(app, { workers, keepAliveTimeout: 65_000 }); // keep-alive above a balancer's 60 s idle timeout
