import { Application, EmptyResponse, HttpError, JsonResponse, type Logger } from '@framework/application';
import {
  bearerAuth,
  compress,
  cors,
  requestLogger,
  securityHeaders,
  serveStatic,
  validate,
} from '@framework/middleware';
import { describeRoute, openApi } from '@framework/openapi';
import { FindMyWayRouter } from '@framework/router-fmw';
import { z } from 'zod';

export interface NotesOptions {
  readonly adminToken: string;
  readonly publicDir: string;
  readonly logger?: Logger;
}

const Note = z.object({ id: z.number().int(), title: z.string(), text: z.string() }).meta({ id: 'Note' });

const noteBody = validate({
  body: z.object({ title: z.string().min(1).max(200), text: z.string().max(10_000) }),
});
// What the OpenAPI document says of each route: its operationId, tags and answers.
const list = describeRoute({ operationId: 'listNotes', tags: ['notes'], responses: { 200: Note.array() } });
const create = describeRoute({ operationId: 'createNote', tags: ['notes'], responses: { 201: Note } });
const read = describeRoute({ operationId: 'getNote', tags: ['notes'], responses: { 200: Note } });
const replace = describeRoute({ operationId: 'replaceNote', tags: ['notes'], responses: { 200: Note } });
const remove = describeRoute({ operationId: 'deleteNote', tags: ['notes'], responses: { 204: {} } });

/** The application, with `api`: its routes, whose type a typed client reads (`ReturnType<typeof createApp>['api']`). */
export function createApp({ adminToken, publicDir, logger = console }: NotesOptions) {
  const notes = new Map<number, z.infer<typeof Note>>();
  let lastId = 0;
  const find = (id: string): z.infer<typeof Note> => {
    const note = notes.get(Number(id));
    if (note === undefined) throw new HttpError(404, `No note ${id}.`);
    return note;
  };

  const admin = new Application(new FindMyWayRouter());
  admin.pipe(bearerAuth({ token: adminToken }));
  const stats = admin.get('/stats', () => new JsonResponse({ notes: notes.size }), 'adminStats');

  const app = new Application(new FindMyWayRouter());
  app.pipe(requestLogger({ logger }));
  app.pipe(securityHeaders());
  app.pipe(compress());
  app.pipe(cors());
  app.pipe(openApi(app, { info: { title: 'Notes API', version: '1.0.0' } }));
  app.pipe('/admin', admin);
  app.pipe('/assets', serveStatic(publicDir));

  const listNotes = app.get('/notes', [list, () => new JsonResponse([...notes.values()])]);
  const createNote = app.post('/notes', [
    noteBody,
    create,
    (request) => {
      const note = { id: ++lastId, ...request.valid.body };
      notes.set(note.id, note);
      return new JsonResponse(note, { status: 201, headers: { location: `/notes/${note.id}` } });
    },
  ]);
  const getNote = app.get('/notes/{id:\\d+}', [read, (request) => new JsonResponse(find(request.params.id))]);
  const replaceNote = app.put('/notes/{id:\\d+}', [
    noteBody,
    replace,
    (request) => {
      const note = { id: find(request.params.id).id, ...request.valid.body };
      notes.set(note.id, note);
      return new JsonResponse(note);
    },
  ]);
  const deleteNote = app.delete('/notes/{id:\\d+}', [
    remove,
    (request) => {
      notes.delete(find(request.params.id).id);
      return new EmptyResponse();
    },
  ]);
  const api = { listNotes, createNote, getNote, replaceNote, deleteNote, '/admin': { stats } };
  return Object.assign(app, { api });
}
