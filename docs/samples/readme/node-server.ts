import { AppFactory, TextResponse } from '@framework/application';
import { run } from '@framework/node-server';
import { FindMyWayRouter } from '@framework/router-fmw';

const app = AppFactory.create(undefined, new FindMyWayRouter());
app.get('/', () => new TextResponse('Hello world'));

// HOST and PORT, else 0.0.0.0:8080; SIGTERM and SIGINT close it gracefully, then the process exits 0.
void run(app, { keepAliveTimeout: 65_000 });
