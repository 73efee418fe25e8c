import { describe, expect, test } from '@jest/globals';
import type { Router } from '@framework/router-contract';
import { ExplicitMethodsRouter } from '@framework/router-explicit-methods';
import { FindMyWayRouter } from '@framework/router-fmw';
import { PathToRegexpRouter } from '@framework/router-ptr';
import { createApp } from '../samples/routers';

const adapters: [string, () => Router][] = [
  ['FindMyWayRouter', () => new FindMyWayRouter()],
  ['PathToRegexpRouter', () => new PathToRegexpRouter()],
  ['ExplicitMethodsRouter', () => new ExplicitMethodsRouter()],
];

describe.each(adapters)('%s', (name, createRouter) => {
  const app = createApp(createRouter());
  const request = (path: string, init?: RequestInit) => app.request(path, init);
  const explicit = name === 'ExplicitMethodsRouter';

  test('routes that list their methods answer the same', async () => {
    expect(await (await request('/files/report.tar.gz')).json()).toEqual({ name: 'report.tar', ext: 'gz' });
    expect(await (await request('/users/12')).json()).toEqual({ user: 12 });
    expect((await request('/users/abc')).status).toBe(404);
    expect((await request('/users/12', { method: 'DELETE' })).headers.get('allow')).toBe(
      'GET, HEAD, OPTIONS',
    );
  });

  test('a route without a method list answers a custom method only where methods need no listing', async () => {
    expect((await request('/cache/home', { method: 'GET' })).status).toBe(200);
    expect((await request('/cache/home', { method: 'PURGE' })).status).toBe(explicit ? 405 : 200);
  });

  test('a route with an empty list answers GET only where the spec says so', async () => {
    expect((await request('/status')).status).toBe(explicit ? 200 : 405);
    expect((await request('/status', { method: 'OPTIONS' })).status).toBe(200);
  });
});
