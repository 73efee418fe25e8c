import { describe, expect, test } from '@jest/globals';
import { createConfiguredApp } from '../samples/mezzio/index';

const app = createConfiguredApp();
const request = (path: string, init?: RequestInit) => app.request(path, init);

describe('the configuration-driven application', () => {
  test('answers the routes of the config through the handlers named in dependencies', async () => {
    expect(await (await request('/')).text()).toBe('Hello from the configured application');
    const before = Math.floor(Date.now() / 1000);
    const { ack } = (await (await request('/ping')).json()) as { ack: number };
    expect(ack).toBeGreaterThanOrEqual(before);
  });

  test('runs the piped middleware of higher priority around routing', async () => {
    expect((await request('/ping')).headers.get('x-powered-by')).toBe('@framework');
    expect((await request('/nowhere')).headers.get('x-powered-by')).toBe('@framework');
  });

  test('takes the route added in code', async () => {
    expect(await (await request('/post', { method: 'POST' })).text()).toBe('Posted.');
    expect((await request('/post')).status).toBe(405);
  });
});
