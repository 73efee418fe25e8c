import { Application, EmptyResponse, HttpError, JsonResponse } from '@framework/application';
import { validate } from '@framework/middleware';
import { describeRoute } from '@framework/openapi';
import { FindMyWayRouter } from '@framework/router-fmw';
import { z } from 'zod';

const Task = z.object({ id: z.number(), title: z.string(), done: z.boolean() });
const newTask = validate({ body: z.object({ title: z.string().min(1) }) });

export function createTaskApp() {
  const tasks = new Map<number, z.infer<typeof Task>>();
  const app = new Application(new FindMyWayRouter());

  // Each verb method returns the route it registered, typed with what it declares.
  const listTasks = app.get('/tasks', () => new JsonResponse([...tasks.values()]));
  const addTask = app.post('/tasks', [
    newTask,
    describeRoute({ responses: { 201: Task } }),
    (request) => {
      const task = { id: tasks.size + 1, title: request.valid.body.title, done: false };
      tasks.set(task.id, task);
      return new JsonResponse(task, 201);
    },
  ]);
  const finishTask = app.put('/tasks/{id:\\d+}/done', (request) => {
    const task = tasks.get(Number(request.params.id));
    if (task === undefined) throw new HttpError(404, `No task ${request.params.id}.`);
    task.done = true;
    return new EmptyResponse();
  });

  // The routes a client may call, gathered once: the client reads this object's type.
  const api = { listTasks, addTask, finishTask };
  return { app, api };
}

/** What a front end imports, as a type only: `import type { TaskApi } from './server'`. */
export type TaskApi = ReturnType<typeof createTaskApp>['api'];
