// A client of the notes API as the ecosystem's generators make it: openapi-typescript turns the document
// the app serves into `paths` (the test writes it beside this file as notes-api.d.ts), openapi-fetch
// calls the API with them. The test typechecks this file against the generated types with tsc.
import createClient from 'openapi-fetch';
import type { paths } from './notes-api';

type Fetch = (request: Request) => Promise<Response>;
type NotesClient = ReturnType<typeof notesClient>;

/** The answers the document lists for one operation, by status. */
type Answers<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { responses: infer R }
  ? R
  : never;

/** The problem+json body the document promises for one status of one operation. */
type ProblemAt<P extends keyof paths, M extends keyof paths[P], S extends keyof Answers<P, M>> = Answers<
  P,
  M
>[S] extends { content: { 'application/problem+json': infer Body } }
  ? Body
  : never;

export function notesClient(fetch: Fetch) {
  return createClient<paths>({ baseUrl: 'http://notes.example', fetch });
}

/** Calls every route of the notes API with a correct param and body; returns each answer's status and body. */
export async function callEveryRoute(fetch: Fetch, adminToken: string) {
  const client = notesClient(fetch);
  const id = { params: { path: { id: '1' } } };
  const answers = {
    created: await client.POST('/notes', { body: { title: 'first', text: 'hello' } }),
    listed: await client.GET('/notes'),
    read: await client.GET('/notes/{id}', id),
    replaced: await client.PUT('/notes/{id}', { ...id, body: { title: 'second', text: '' } }),
    stats: await client.GET('/admin/stats', { headers: { authorization: `Bearer ${adminToken}` } }),
    deleted: await client.DELETE('/notes/{id}', id),
    missing: await client.GET('/notes/{id}', id),
  };
  const invalid = await client.POST('/notes', { body: { title: '', text: 'no title' } });
  const issues: ProblemAt<'/notes', 'post', 400>['issues'] | undefined =
    invalid.error && 'issues' in invalid.error ? invalid.error.issues : undefined;
  const missingTitle: ProblemAt<'/notes/{id}', 'get', 404>['title'] | undefined =
    answers.missing.error?.title;
  return {
    ...Object.fromEntries(
      Object.entries(answers).map(([name, { data, response }]) => [name, { status: response.status, data }]),
    ),
    missingTitle,
    invalid: { status: invalid.response.status, issues },
  };
}

/** Calls the compiler must refuse; never run. */
export function mistakes(client: NotesClient): void {
  // @ts-expect-error the path parameter is `id`, not `noteId`
  void client.GET('/notes/{id}', { params: { path: { noteId: '1' } } });
  // @ts-expect-error a note's body has `title` and `text`, no `txt`
  void client.PUT('/notes/{id}', { params: { path: { id: '1' } }, body: { title: 'first', txt: 'hello' } });
}

// @ts-expect-error GET /notes reads no body, so the document lists no 415 answer for it
export type ListingUnsupportedMediaType = ProblemAt<'/notes', 'get', 415>;
