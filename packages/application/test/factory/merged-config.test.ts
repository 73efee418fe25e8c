import { describe, expect, it } from '@jest/globals';
import { ApplicationFactory, mergeConfig } from '../../src';
import { answer, appFrom, call, mark } from './support';

const { ROUTING_MIDDLEWARE, DISPATCH_MIDDLEWARE } = ApplicationFactory;

describe('a config merged from two files', () => {
  const globalConfig = {
    middleware_pipeline: {
      security: { middleware: [mark('auth')], priority: 10 },
      routing: { middleware: [ROUTING_MIDDLEWARE, DISPATCH_MIDDLEWARE] },
    },
    routes: [{ path: '/a', middleware: answer('a'), allowed_methods: ['GET'] }],
  };
  const localConfig = {
    middleware_pipeline: {
      security: { middleware: [mark('audit')] },
      headers: { middleware: mark('headers'), priority: 20 },
    },
    routes: [{ path: '/b', middleware: answer('b'), allowed_methods: ['GET'] }],
  };
  const merged = mergeConfig(globalConfig, localConfig);

  it('appends the middleware lists of entries with the same key and keeps the earlier priority', async () => {
    expect(merged.middleware_pipeline).toEqual({
      security: { middleware: [expect.any(Function), expect.any(Function)], priority: 10 },
      routing: { middleware: [ROUTING_MIDDLEWARE, DISPATCH_MIDDLEWARE] },
      headers: { middleware: expect.any(Function), priority: 20 },
    });
    const app = appFrom(merged);
    const response = await call(app, '/a');
    expect(await response.text()).toBe('a');
    expect(response.headers.get('x-trail')).toBe('headers,auth,audit');
  });

  it('appends the routes of both files', async () => {
    const app = appFrom(merged);
    expect(await (await call(app, '/b')).text()).toBe('b');
    expect((merged.routes as unknown[]).length).toBe(2);
  });
});
