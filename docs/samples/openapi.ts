import { Application, JsonResponse } from '@framework/application';
import { bearerAuth, securityHeaders, validate } from '@framework/middleware';
import { describeRoute, internal, openApi } from '@framework/openapi';
import { FindMyWayRouter } from '@framework/router-fmw';
import { z } from 'zod';

// Named once, listed once under components.schemas, referred to everywhere else.
const Note = z.object({ id: z.number().int(), title: z.string(), due: z.number() }).meta({ id: 'Note' });
// What a client sends: `due` as an ISO date string; the handler reads a timestamp.
const NewNote = z.object({
  title: z.string().min(1),
  due: z.iso.date().transform(Date.parse).pipe(z.number()),
});

export function createDocumentedApp(adminToken: string) {
  const notes: z.output<typeof Note>[] = [];
  const ops = new Application(new FindMyWayRouter());
  ops.get('/stats', () => new JsonResponse({ notes: notes.length }));

  const app = new Application(new FindMyWayRouter());
  app.pipe(securityHeaders());
  app.pipe(openApi(app, { info: { title: 'Notes', version: '1.0.0' } })); // /openapi.json and /docs
  app.pipe('/ops', internal(ops)); // never listed
  app.get(
    '/notes',
    [
      validate({ query: z.object({ limit: z.string().regex(/^\d+$/).optional() }) }),
      describeRoute({ summary: 'All notes', tags: ['notes'], responses: { 200: z.array(Note) } }),
      (request) => new JsonResponse(notes.slice(0, Number(request.valid.query.limit ?? 100))),
    ],
    'listNotes',
  );
  app.post(
    '/notes',
    [
      bearerAuth({ token: adminToken }),
      validate({ body: NewNote, headers: z.object({ 'idempotency-key': z.string().max(64).optional() }) }),
      describeRoute({ tags: ['notes'], responses: { 201: Note } }),
      (request) => {
        const note = { id: notes.length + 1, ...request.valid.body };
        notes.push(note);
        return new JsonResponse(note, 201);
      },
    ],
    'createNote',
  );
  return app;
}
