import { Application, EmptyResponse, HttpError, JsonResponse } from '@framework/application';
import {
  bearerAuth,
  compress,
  cors,
  requestLogger,
  securityHeaders,
  serveStatic,
  validate,
} from '@framework/middleware';
import type { Logger } from '@framework/application';
import { openApi } from '@framework/openapi';
import { FindMyWayRouter } from '@framework/router-fmw';
import { z } from 'zod';

export interface NotesOptions {
  readonly adminToken: string;
  readonly publicDir: string;
  readonly logger?: Logger;
}

interface Note {
  readonly id: number;
  readonly title: string;
  readonly text: string;
}

const noteBody = validate({
  body: z.object({ title: z.string().min(1).max(200), text: z.string().max(10_000) }),
});

/** The application, with `api`: its routes, whose type a typed client reads (`ReturnType<typeof createApp>['api']`). */
export function createApp({ adminToken, publicDir, logger = console }: NotesOptions) {
  const notes = new Map<number, Note>();
  let lastId = 0;
  const find = (id: string): Note => {
    const note = notes.get(Number(id));
    if (note === undefined) throw new HttpError(404, `No note ${id}.`);
    return note;
  };

  const admin = new Application(new FindMyWayRouter());
  admin.pipe(bearerAuth({ token: adminToken }));
  const stats = admin.get('/stats', () => new JsonResponse({ notes: notes.size }));

  const app = new Application(new FindMyWayRouter());
  app.pipe(requestLogger({ logger }));
  app.pipe(securityHeaders());
  app.pipe(compress());
  app.pipe(cors());
  app.pipe(openApi(app, { info: { title: 'Notes API', version: '1.0.0' } }));
  app.pipe('/admin', admin);
  app.pipe('/assets', serveStatic(publicDir));

  const listNotes = app.get('/notes', () => new JsonResponse([...notes.values()]));
  const createNote = app.post('/notes', [
    noteBody,
    (request) => {
      const note = { id: ++lastId, ...request.valid.body };
      notes.set(note.id, note);
      return new JsonResponse(note, { status: 201, headers: { location: `/notes/${note.id}` } });
    },
  ]);
  const getNote = app.get('/notes/{id:\\d+}', (request) => new JsonResponse(find(request.params.id)));
  const replaceNote = app.put('/notes/{id:\\d+}', [
    noteBody,
    (request) => {
      const note = { id: find(request.params.id).id, ...request.valid.body };
      notes.set(note.id, note);
      return new JsonResponse(note);
    },
  ]);
  const deleteNote = app.delete('/notes/{id:\\d+}', (request) => {
    notes.delete(find(request.params.id).id);
    return new EmptyResponse();
  });
  const api = { listNotes, createNote, getNote, replaceNote, deleteNote, '/admin': { stats } };
  return Object.assign(app, { api });
}
