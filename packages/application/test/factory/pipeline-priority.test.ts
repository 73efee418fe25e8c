import { describe, expect, it } from '@jest/globals';
import { ApplicationFactory } from '../../src';
import { answer, appFrom, call, mark, trailOf } from './support';

const { ROUTING_MIDDLEWARE, DISPATCH_MIDDLEWARE } = ApplicationFactory;
const hello = { path: '/hello', middleware: answer('hello'), allowed_methods: ['GET'] };

describe('middleware_pipeline priority', () => {
  const app = appFrom({
    middleware_pipeline: [
      { middleware: mark('default') },
      { middleware: mark('negative'), priority: -5 },
      { middleware: mark('high'), priority: 100 },
      { middleware: mark('tie-a'), priority: 5 },
      { middleware: [ROUTING_MIDDLEWARE, mark('nested'), DISPATCH_MIDDLEWARE] },
      { middleware: mark('tie-b'), priority: 5 },
      { middleware: mark('zero'), priority: 0 },
    ],
    routes: [hello],
  });

  it('runs higher priorities first, ties in config order, default 1, and the nested routing/dispatch in place', async () => {
    const response = await call(app, '/hello');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('hello');
    expect(response.headers.get('x-trail')).toBe('high,tie-a,tie-b,default,nested+');
  });

  it('runs priority 0 and negative priorities last, after dispatch found no route', async () => {
    const response = await call(app, '/missing');
    expect(response.status).toBe(404);
    expect(response.headers.get('x-trail')).toBe('high,tie-a,tie-b,default,nested,zero,negative');
  });

  it('accepts the constants as whole entries, with the default priority 1', async () => {
    const constants = appFrom({
      middleware_pipeline: [
        { middleware: mark('after-dispatch'), priority: 1 },
        ROUTING_MIDDLEWARE,
        { middleware: mark('between') },
        DISPATCH_MIDDLEWARE,
        { middleware: mark('first'), priority: 2 },
        { middleware: mark('last'), priority: -1 },
      ],
      routes: [hello],
    });
    expect(await trailOf(constants, '/hello')).toBe('first,after-dispatch,between+');
    expect(await trailOf(constants, '/nope')).toBe('first,after-dispatch,between,last');
  });

  it('orders constants given as { middleware: constant, priority } entries too', async () => {
    const prioritized = appFrom({
      middleware_pipeline: [
        { middleware: DISPATCH_MIDDLEWARE, priority: 1 },
        { middleware: mark('before-routing'), priority: 3 },
        { middleware: ROUTING_MIDDLEWARE, priority: 2 },
      ],
      routes: [hello],
    });
    expect(await trailOf(prioritized, '/hello')).toBe('before-routing');
  });

  it('keeps config order across many equal priorities', async () => {
    const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l'];
    const many = appFrom({
      middleware_pipeline: names.map((name) => ({ middleware: mark(name), priority: 7 })),
    });
    expect(await trailOf(many, '/')).toBe(names.join(','));
  });
});
