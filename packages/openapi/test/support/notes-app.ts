import { Application, JsonResponse } from '@framework/application';
import { bearerAuth, validate } from '@framework/middleware';
import { FindMyWayRouter } from '@framework/router-fmw';
import { z } from 'zod';
import { describeRoute } from '../../src';

export const Note = z.object({ id: z.number().int(), title: z.string(), text: z.string() });
const noteBody = validate({
  body: z.object({ title: z.string().min(1).max(200), text: z.string().max(10_000) }),
});

/** The notes API's shape: CRUD with validation and a token-protected admin sub-application. */
export function notesApp(): { app: Application; admin: Application } {
  const admin = new Application(new FindMyWayRouter());
  admin.pipe(bearerAuth({ token: 'a-token-long-enough-for-the-check-1234' }));
  admin.get('/stats', () => new JsonResponse({ notes: 0 }));

  const app = new Application(new FindMyWayRouter());
  app.pipe('/admin', admin);
  app.get(
    '/notes',
    [
      describeRoute({ summary: 'All notes', tags: ['notes'], responses: { 200: z.array(Note) } }),
      () => new JsonResponse([]),
    ],
    'notes',
  );
  app.post(
    '/notes',
    [noteBody, describeRoute({ responses: { 201: Note } }), () => new JsonResponse({}, 201)],
    'createNote',
  );
  app.get('/notes/{id:\\d+}', () => new JsonResponse({}), 'note');
  app.put('/notes/{id:\\d+}', [noteBody, () => new JsonResponse({})]);
  app.delete('/notes/{id:\\d+}', () => new JsonResponse({}));
  return { app, admin };
}
