import { describe, expect, test } from '@jest/globals';
import { createSite } from '../samples/mounting';

const app = createSite();
const request = (path: string, init?: RequestInit) => app.request(path, init);

describe('a mounted application', () => {
  test('answers under its prefix, which its routes do not repeat', async () => {
    expect(await (await request('/blog/first-post')).json()).toEqual({ post: 'first-post' });
  });

  test('generates links inside its mount', async () => {
    expect(await (await request('/blog')).json()).toEqual({ latest: '/blog/hello' });
  });

  test('a path that only starts with the prefix is not under it', async () => {
    expect((await request('/blogger')).status).toBe(404);
  });

  test('the parent keeps its own routes', async () => {
    expect(await (await request('/')).text()).toBe('Home');
  });
});

describe('a foreign fetch handler under fromFetch', () => {
  test('sees the path without the prefix and answers as it is', async () => {
    expect(await (await request('/legacy/users/7')).json()).toEqual({ id: '7', from: 'hono' });
  });

  test('its own 404 is returned, not ours', async () => {
    const response = await request('/legacy/nothing');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).not.toBe('application/problem+json');
  });
});
