// Writes the two 200-route projects the type-cost bench compiles: one for @framework with its typed
// client, one for Hono with hc. Both declare the same routes (GET with a digits param, POST with a
// validated JSON body answering 201, PUT with a param and a body, DELETE answering 204) and call the
// same routes through their client.

/** The route `index` declares: its kind cycles through the four, its path is unique. */
function routeOf(index) {
  const kind = ['get', 'post', 'put', 'delete'][index % 4];
  return { index, kind, base: `/api/v1/resource${index}` };
}

const CALLED = [0, 1, 2, 3, 50, 101, 150, 199];

export function frameworkProject(count) {
  const routes = Array.from({ length: count }, (_, index) => routeOf(index));
  const entry = ({ index, kind, base }) => {
    if (kind === 'get')
      return `  r${index}: app.get('${base}/{id:\\\\d+}', (request) => new JsonResponse({ id: request.params.id, route: ${index} })),`;
    if (kind === 'post')
      return `  r${index}: app.post('${base}', [body, (request: RouteRequest<'${base}'> & AddedToRequest<typeof body>) => new JsonResponse({ title: request.valid.body.title, route: ${index} }, 201)]),`;
    if (kind === 'put')
      return `  r${index}: app.put('${base}/{id}', [body, (request: RouteRequest<'${base}/{id}'> & AddedToRequest<typeof body>) => new JsonResponse({ id: request.params.id, n: request.valid.body.n, route: ${index} })]),`;
    return `  r${index}: app.delete('${base}/{id:\\\\d+}', () => new EmptyResponse()),`;
  };
  const call = (index) => {
    const { kind, base } = routeOf(index);
    if (kind === 'get')
      return `  const a${index} = await client.get('${base}/{id}', { params: { id: 1 } });\n  if (a${index}.status === 200) total += a${index}.body.route;`;
    if (kind === 'post')
      return `  const a${index} = await client.post('${base}', { body: { title: 't', n: 1 } });\n  if (a${index}.status === 201) total += a${index}.body.route;`;
    if (kind === 'put')
      return `  const a${index} = await client.put('${base}/{id}', { params: { id: 'x' }, body: { title: 't', n: 1 } });\n  if (a${index}.status === 200) total += a${index}.body.n;`;
    return `  const a${index} = await client.delete('${base}/{id}', { params: { id: 2 } });\n  if (a${index}.status === 204) total += 1;`;
  };
  const server = `import { Application, EmptyResponse, JsonResponse } from '@framework/application';
import type { AddedToRequest, RouteRequest } from '@framework/application';
import { validate } from '@framework/middleware';
import { FindMyWayRouter } from '@framework/router-fmw';
import { z } from 'zod';

const body = validate({ body: z.object({ title: z.string(), n: z.number() }) });
export const app = new Application(new FindMyWayRouter());
export const api = {
${routes.map(entry).join('\n')}
};
`;
  const client = clientFile(
    `import { createClient } from '@framework/client';
import type { api } from './server';

const client = createClient<typeof api>('http://127.0.0.1:8080');`,
    count,
    call,
  );
  return { 'server.ts': server, 'client.ts': client };
}

export function honoProject(count) {
  const routes = Array.from({ length: count }, (_, index) => routeOf(index));
  const entry = ({ index, kind, base }) => {
    if (kind === 'get')
      return `  .get('${base}/:id{[0-9]+}', (c) => c.json({ id: c.req.param('id'), route: ${index} }, 200))`;
    if (kind === 'post')
      return `  .post('${base}', json, (c) => c.json({ title: c.req.valid('json').title, route: ${index} }, 201))`;
    if (kind === 'put')
      return `  .put('${base}/:id', json, (c) => c.json({ id: c.req.param('id'), n: c.req.valid('json').n, route: ${index} }, 200))`;
    return `  .delete('${base}/:id{[0-9]+}', (c) => c.body(null, 204))`;
  };
  const accessor = (base) =>
    base
      .split('/')
      .filter(Boolean)
      .map((part) => `[${JSON.stringify(part)}]`)
      .join('');
  const call = (index) => {
    const { kind, base } = routeOf(index);
    const at = `client${accessor(base)}`;
    if (kind === 'get')
      return `  const a${index} = await ${at}[':id{[0-9]+}'].$get({ param: { id: '1' } });\n  if (a${index}.status === 200) total += (await a${index}.json()).route;`;
    if (kind === 'post')
      return `  const a${index} = await ${at}.$post({ json: { title: 't', n: 1 } });\n  if (a${index}.status === 201) total += (await a${index}.json()).route;`;
    if (kind === 'put')
      return `  const a${index} = await ${at}[':id'].$put({ param: { id: 'x' }, json: { title: 't', n: 1 } });\n  if (a${index}.status === 200) total += (await a${index}.json()).n;`;
    return `  const a${index} = await ${at}[':id{[0-9]+}'].$delete({ param: { id: '2' } });\n  if (a${index}.status === 204) total += 1;`;
  };
  const server = `import { Hono } from 'hono';
import { validator } from 'hono/validator';
import { z } from 'zod';

const schema = z.object({ title: z.string(), n: z.number() });
const json = validator('json', (value) => schema.parse(value));
export const app = new Hono()
${routes.map(entry).join('\n')};
`;
  const client = clientFile(
    `import { hc } from 'hono/client';
import type { app } from './server';

const client = hc<typeof app>('http://127.0.0.1:8080');`,
    count,
    call,
  );
  return { 'server.ts': server, 'client.ts': client };
}

/** The client file of either project: its set-up, then the calls of the routes in CALLED that exist. */
function clientFile(setUp, count, call) {
  return `${setUp}

export async function callSome(): Promise<number> {
  let total = 0;
${CALLED.filter((index) => index < count)
  .map(call)
  .join('\n')}
  return total;
}
`;
}
