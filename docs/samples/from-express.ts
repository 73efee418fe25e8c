import { AppFactory, HttpError, JsonResponse, RedirectResponse } from '@framework/application';
import { cors } from '@framework/middleware';
import { FindMyWayRouter } from '@framework/router-fmw';

const users = new Map([['1', { id: '1', name: 'Ada' }]]);

export const app = AppFactory.create(undefined, new FindMyWayRouter());

// app.use((req, res, next) => ...): a middleware gets the request and the rest of the pipeline,
// and returns the answer (its own, or the one the rest gave, changed as it likes).
app.pipe(async (request, handler) => {
  const response = await handler.handle(request);
  response.headers.set('x-served-by', 'notes-1');
  return response;
});
app.pipe(cors({ origin: ['https://app.example.com'] }));

// app.get('/users/:id', (req, res) => res.json(...)): return the answer instead of writing it.
app.get('/users/{id}', (request) => {
  const user = users.get(request.params.id);
  if (user === undefined) throw new HttpError(404, `No user ${request.params.id}.`); // res.status(404)
  return new JsonResponse({ ...user, fields: request.query.fields ?? null });
});
app.post('/users', async (request) => new JsonResponse(await request.json(), 201)); // express.json()
app.get('/old-users', () => new RedirectResponse('/users/1', 301)); // res.redirect(301, ...)
