import { createClient } from '@framework/client';
import type { TaskApi } from './server';

/** Adds a task, finishes it and reads the list back, every call checked against the server's routes. */
export async function addAndFinish(baseUrl: string, fetch?: (request: Request) => Promise<Response>) {
  const client = createClient<TaskApi>(baseUrl, fetch === undefined ? {} : { fetch });

  const added = await client.post('/tasks', { body: { title: 'Write the guide' } });
  if (added.status !== 201) throw new Error(`not added: ${added.status}`);
  // added.body is a task here: { id: number, title: string, done: boolean }.
  const finished = await client.put('/tasks/{id}/done', { params: { id: added.body.id } });
  const list = await client.get('/tasks');
  return { finished: finished.status, tasks: list.status === 200 ? list.body : [] };
}
