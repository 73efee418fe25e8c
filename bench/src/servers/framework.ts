import { Application, JsonResponse, TextResponse, type ServerRequest } from '@framework/application';
import { FindMyWayRouter } from '@framework/router-fmw';
import { announce } from './announce';

// The default pipeline of the spec's programmatic form: routing, then dispatch.
const app = new Application(new FindMyWayRouter());
app.pipeRoutingMiddleware();
app.pipeDispatchMiddleware();
app.get('/', () => new TextResponse('Hello, world!'));
app.get('/ping', () => new JsonResponse({ ack: Math.floor(Date.now() / 1000) }));
app.get('/post/{id}', (request: ServerRequest) => new TextResponse(`Post ${request.getAttribute('id')}`));
app.run({ host: '127.0.0.1', port: 0 }).then(announce);
