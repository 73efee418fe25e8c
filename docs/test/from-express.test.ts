import { describe, expect, test } from '@jest/globals';
import { app } from '../samples/from-express';

const request = (path: string, init?: RequestInit) => app.request(path, init);

describe('the application moved from Express', () => {
  test('a route reads its param and the query', async () => {
    const response = await request('/users/1?fields=name');
    expect(await response.json()).toEqual({ id: '1', name: 'Ada', fields: 'name' });
    expect(response.headers.get('x-served-by')).toBe('notes-1');
  });

  test('a thrown HttpError answers its status as problem details, through the middleware', async () => {
    const response = await request('/users/2');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(response.headers.get('x-served-by')).toBe('notes-1');
  });

  test('a JSON body is read and echoed with 201', async () => {
    const body = JSON.stringify({ name: 'Grace' });
    const response = await request('/users', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ name: 'Grace' });
  });

  test('a redirect carries its status and Location', async () => {
    const response = await request('/old-users', { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/users/1');
  });

  test('CORS answers the allowed origin only', async () => {
    const allowed = await request('/users/1', { headers: { origin: 'https://app.example.com' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    const refused = await request('/users/1', { headers: { origin: 'https://evil.example' } });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });
});
