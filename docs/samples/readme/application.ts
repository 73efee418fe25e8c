import { AppFactory, JsonResponse, TextResponse } from '@framework/application';
import { FindMyWayRouter } from '@framework/router-fmw';

export const app = AppFactory.create(undefined, new FindMyWayRouter());

app.get('/', () => new TextResponse('Hello world'));
app.get('/post/{id:\\d+}', (request) => new JsonResponse({ id: request.params.id }));
app.post('/post', async (request) => new JsonResponse(await request.json(), 201));

// Serve it: await app.run() (with @framework/node-server installed: HOST and PORT, else 0.0.0.0:8080).
// Test it without a socket: await app.request('/post/12') answers {"id":"12"}; /post/abc answers 404.
