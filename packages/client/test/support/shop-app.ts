import { Application, EmptyResponse, HttpError, JsonResponse } from '@framework/application';
import type { AddedToRequest, RouteRequest } from '@framework/application';
import { validate } from '@framework/middleware';
import { describeRoute } from '@framework/openapi';
import { FindMyWayRouter } from '@framework/router-fmw';
import { z } from 'zod';

const itemBody = validate({ body: z.object({ name: z.string().min(1) }) });

export interface Item {
  readonly id: number;
  readonly name: string;
}

/** A small application declaring routes of each kind the client reads, and the object that lists them. */
export function createShop() {
  const items = new Map<number, Item>([[1, { id: 1, name: 'lamp' }]]);
  const admin = new Application(new FindMyWayRouter());
  const app = new Application(new FindMyWayRouter());
  app.pipe('/admin', admin);
  const api = {
    list: app.get('/items', [
      validate({ query: z.object({ name: z.string().optional() }) }),
      (request) =>
        new JsonResponse(
          [...items.values()].filter((item) => item.name.includes(request.valid.query.name ?? '')),
        ),
    ]),
    create: app.post('/items', [
      itemBody,
      // A handler in a list gives the client its answer when its request type is written out.
      (request: RouteRequest<'/items'> & AddedToRequest<typeof itemBody>) => {
        const item = { id: items.size + 1, name: request.valid.body.name };
        items.set(item.id, item);
        return new JsonResponse(item, 201);
      },
    ]),
    show: app.get('/items/{id:\\d+}', (request) => {
      const item = items.get(Number(request.params.id));
      return item === undefined
        ? new JsonResponse({ missing: request.params.id }, 404)
        : new JsonResponse(item);
    }),
    remove: app.delete('/items/{id:\\d+}', (request) => {
      if (!items.delete(Number(request.params.id))) throw new HttpError(404, 'No such item.');
      return new EmptyResponse();
    }),
    echo: app.get(
      '/echo/{word}/{rest}',
      (request) => new JsonResponse({ path: request.path, ...request.params }),
    ),
    tags: app.get('/tags', [
      describeRoute({ responses: { 200: z.array(z.string()), 204: { description: 'No tags yet.' } } }),
      () => (items.size === 0 ? new EmptyResponse() : new JsonResponse(['home'])),
    ]),
    '/admin': { stats: admin.get('/stats', () => new JsonResponse({ items: items.size })) },
  };
  return Object.assign(app, { api });
}

export type ShopApi = ReturnType<typeof createShop>['api'];
