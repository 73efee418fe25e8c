import { describe, expect, it } from '@jest/globals';
import {
  type Application,
  APPLICATION_SERVICE,
  JsonResponse,
  type RequestHandler,
  type ServerRequest,
  TextResponse,
} from '../../src';
import { answer, appFrom, call, containerFor } from './support';

class PingHandler implements RequestHandler {
  handle(): JsonResponse {
    return new JsonResponse({ ack: 1 });
  }
}

class PostHandler implements RequestHandler {
  handle(request: ServerRequest): TextResponse {
    return new TextResponse(`post ${String(request.getAttribute('id'))}`);
  }
}

describe('routes from config', () => {
  it('registers routes whose middleware are service names resolved through the container', async () => {
    const container = containerFor({
      routes: [
        { path: '/ping', middleware: 'App\\Handler\\PingHandler', allowed_methods: ['GET'], name: 'ping' },
        { path: '/post/{id}', middleware: 'App\\Handler\\PostHandler', allowed_methods: ['PUT', 'PATCH'] },
      ],
    })
      .setFactory('App\\Handler\\PingHandler', () => new PingHandler())
      .setService('App\\Handler\\PostHandler', new PostHandler());
    const app = container.get<Application>(APPLICATION_SERVICE);

    expect(await (await call(app, '/ping')).json()).toEqual({ ack: 1 });
    expect(await (await call(app, '/post/7', { method: 'PATCH' })).text()).toBe('post 7');
    const wrongMethod = await call(app, '/ping', { method: 'POST' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(app.generateUri('ping')).toBe('/ping');
    expect(app.getContainer()).toBe(container);
  });

  it('answers any method when allowed_methods is missing', async () => {
    const app = appFrom({ routes: [{ path: '/any', middleware: answer('any') }] });
    for (const method of ['GET', 'POST', 'DELETE', 'PURGE']) {
      expect((await call(app, '/any', { method })).status).toBe(200);
    }
  });

  it('answers only HEAD and OPTIONS for an empty allowed_methods list', async () => {
    const app = appFrom({ routes: [{ path: '/none', middleware: answer('none'), allowed_methods: [] }] });
    expect((await call(app, '/none', { method: 'OPTIONS' })).status).toBe(200);
    expect((await call(app, '/none')).status).toBe(405);
  });

  it('passes options to the router: tokens constrain a placeholder', async () => {
    const app = appFrom({
      routes: [
        {
          path: '/post/{id}',
          middleware: answer('numeric'),
          allowed_methods: ['GET'],
          options: { tokens: { id: '\\d+' } },
        },
      ],
    });
    expect(await (await call(app, '/post/42')).text()).toBe('numeric');
    expect((await call(app, '/post/abc')).status).toBe(404);
  });

  it('registers routes given as an object in key order, ignoring the keys', async () => {
    const app = appFrom({
      routes: {
        home: { path: '/', middleware: answer('home'), allowed_methods: ['GET'] },
        about: { path: '/about', middleware: answer('about'), allowed_methods: ['GET'], name: 'about' },
      },
    });
    expect(await (await call(app, '/')).text()).toBe('home');
    expect(app.generateUri('about')).toBe('/about');
    expect(app.generateUri('/^GET')).toBe('/');
  });
});
