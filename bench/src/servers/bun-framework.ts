import { Application, JsonResponse, type ServerRequest, TextResponse } from '@framework/application';
import { PathToRegexpRouter } from '@framework/router-ptr';
import { bunServe } from './bun-serve';

// The bench application on router-ptr, the router that runs on every fetch runtime, served by app.fetch.
const app = new Application(new PathToRegexpRouter());
app.pipeRoutingMiddleware();
app.pipeDispatchMiddleware();
app.get('/', () => new TextResponse('Hello, world!'));
app.get('/ping', () => new JsonResponse({ ack: Math.floor(Date.now() / 1000) }));
app.get('/post/{id}', (request: ServerRequest) => new TextResponse(`Post ${request.params.id}`));
bunServe(app.fetch);
