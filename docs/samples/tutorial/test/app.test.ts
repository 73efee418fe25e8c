import { describe, expect, test } from '@jest/globals';
import { app } from '../src/app';

const request = (path: string, init?: RequestInit) => app.request(path, init);

describe('the tutorial application', () => {
  test('GET / answers text', async () => {
    const response = await request('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe('Hello world');
  });

  test('GET /hello/{name} answers the decoded name', async () => {
    expect(await (await request('/hello/ada')).json()).toEqual({ hello: 'ada' });
    expect(await (await request('/hello/Ren%C3%A9e')).json()).toEqual({ hello: 'Renée' });
  });

  test('/posts/{id:\\d+} answers digits only', async () => {
    expect(await (await request('/posts/12')).json()).toEqual({ post: 12 });
    expect((await request('/posts/abc')).status).toBe(404);
  });

  test('another method answers 405 with Allow', async () => {
    const response = await request('/', { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });
});
