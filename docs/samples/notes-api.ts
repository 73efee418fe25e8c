import { AppFactory, EmptyResponse, HttpError, JsonResponse } from '@framework/application';
import { validate } from '@framework/middleware';
import { FindMyWayRouter } from '@framework/router-fmw';
import { z } from 'zod';

interface Note {
  readonly id: number;
  readonly title: string;
  readonly tags: readonly string[];
}

const noteBody = validate({
  body: z.object({ title: z.string().min(1).max(200), tags: z.array(z.string()).max(10).default([]) }),
});
const listQuery = validate({ query: z.object({ tag: z.string().optional() }) });

export function createNotesApp() {
  const notes = new Map<number, Note>();
  let lastId = 0;
  const find = (id: string): Note => {
    const note = notes.get(Number(id));
    if (note === undefined) throw new HttpError(404, `No note ${id}.`);
    return note;
  };

  const app = AppFactory.create(undefined, new FindMyWayRouter());

  app.get('/notes', [
    listQuery,
    (request) => {
      const { tag } = listQuery.of(request).query;
      const all = [...notes.values()];
      return new JsonResponse(tag === undefined ? all : all.filter((note) => note.tags.includes(tag)));
    },
  ]);
  app.post('/notes', [
    noteBody,
    (request) => {
      const note = { id: ++lastId, ...noteBody.of(request).body };
      notes.set(note.id, note);
      return new JsonResponse(note, { status: 201, headers: { location: `/notes/${note.id}` } });
    },
  ]);
  app.get('/notes/{id:\\d+}', (request) => new JsonResponse(find(request.params.id)));
  app.put('/notes/{id:\\d+}', [
    noteBody,
    (request) => {
      const note = { id: find(request.params.id).id, ...noteBody.of(request).body };
      notes.set(note.id, note);
      return new JsonResponse(note);
    },
  ]);
  app.delete('/notes/{id:\\d+}', (request) => {
    notes.delete(find(request.params.id).id);
    return new EmptyResponse();
  });
  return app;
}
