import { AppFactory, JsonResponse } from '@framework/application';
import { FindMyWayRouter } from '@framework/router-fmw';

export const app = AppFactory.create(undefined, new FindMyWayRouter({ maxParamLength: 200 }));
app.get('/files/{name}.{ext}', (request) => new JsonResponse(request.params));
app.get('/users/{id:\\d+}', (request) => new JsonResponse({ user: Number(request.params.id) }));
app.route('/cache/{key}', () => new JsonResponse({ purged: true })); // no method list: any method
// GET /files/report.tar.gz → {"name":"report.tar","ext":"gz"}; GET /users/abc → 404; PURGE /cache/x → 200
