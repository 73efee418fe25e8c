import { AppFactory, JsonResponse } from '@framework/application';
import { PathToRegexpRouter } from '@framework/router-ptr';

export const app = AppFactory.create(undefined, new PathToRegexpRouter({ maxParamLength: 200 }));
app.get('/files/{name}.{ext}', (request) => new JsonResponse(request.params));
app.get('/users/{id:\\d+}', (request) => new JsonResponse({ user: Number(request.params.id) }));
app.get('/api/v{version}/me', (request) => new JsonResponse({ version: request.params.version }));
// GET /files/report.tar.gz → {"name":"report.tar","ext":"gz"}; GET /users/abc → 404; GET /api/v2/me → {"version":"2"}
