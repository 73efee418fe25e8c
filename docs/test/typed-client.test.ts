import { describe, expect, test } from '@jest/globals';
import { createClient } from '@framework/client';
import { addAndFinish } from '../samples/typed-client/client';
import { createTaskApp, type TaskApi } from '../samples/typed-client/server';

describe('the typed client of the guide', () => {
  test('adds a task, finishes it and reads the list back through app.fetch', async () => {
    const { app } = createTaskApp();
    const outcome = await addAndFinish('http://tasks.test', (request) => app.fetch(request));
    expect(outcome).toEqual({ finished: 204, tasks: [{ id: 1, title: 'Write the guide', done: true }] });
  });

  test('gets the framework answers as typed problems', async () => {
    const { app } = createTaskApp();
    const client = createClient<TaskApi>('http://tasks.test', { fetch: (request) => app.fetch(request) });
    const missing = await client.put('/tasks/{id}/done', { params: { id: 9 } });
    expect(missing).toMatchObject({ status: 404, body: { status: 404, detail: 'No task 9.' } });
    const invalid = await client.post('/tasks', { body: { title: '' } });
    expect(invalid.status).toBe(400);
  });

  test('refuses at compile time what the server does not declare, which fails at run time too', async () => {
    const { app } = createTaskApp();
    const client = createClient<TaskApi>('http://tasks.test', { fetch: (request) => app.fetch(request) });
    // @ts-expect-error: the route has no {task} param
    await expect(client.put('/tasks/{id}/done', { params: { task: 1 } })).rejects.toThrow(
      'param "id" is missing',
    );
    // @ts-expect-error: the body has no `name`
    expect((await client.post('/tasks', { body: { name: 'x' } })).status).toBe(400);
    // @ts-expect-error: no such route
    expect((await client.get('/task')).status).toBe(404);
  });
});
