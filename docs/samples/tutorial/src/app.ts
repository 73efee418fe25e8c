import { AppFactory, JsonResponse, TextResponse } from '@framework/application';
import { FindMyWayRouter } from '@framework/router-fmw';

export const app = AppFactory.create(undefined, new FindMyWayRouter());

app.get('/', () => new TextResponse('Hello world'));
app.get('/hello/{name}', (request) => new JsonResponse({ hello: request.params.name }));
app.get('/posts/{id:\\d+}', (request) => new JsonResponse({ post: Number(request.params.id) }));
