import { describe, expect, jest, test } from '@jest/globals';
import {
  Application,
  MIDDLEWARE_KIND,
  type RequestHandler,
  type ServerMiddleware,
  type ServerRequest,
  SimpleContainer,
  TextResponse,
  variantA,
} from '../src';
import { call, createApp } from './support/app';
import { FindMyWayRouter } from '@framework/router-fmw';

class Greeter implements RequestHandler {
  static created = 0;
  constructor() {
    Greeter.created++;
  }
  handle(): TextResponse {
    return new TextResponse('class handler');
  }
}

class Tagger implements ServerMiddleware {
  async process(request: ServerRequest, handler: RequestHandler) {
    const response = await handler.handle(request);
    return new TextResponse(`tagged ${await response.text()}`);
  }
}

describe('middleware resolution', () => {
  test('accepts a function, a process() object, a handle() object, a class and an array', async () => {
    const app = createApp();
    app.get('/fn', () => new TextResponse('function'));
    app.get('/process', { process: () => new TextResponse('process object') });
    app.get('/handle', { handle: () => new TextResponse('handle object') });
    app.get('/class', Greeter);
    app.get('/array', [Tagger, () => new TextResponse('end of array')]);
    expect(await (await call(app, '/fn')).text()).toBe('function');
    expect(await (await call(app, '/process')).text()).toBe('process object');
    expect(await (await call(app, '/handle')).text()).toBe('handle object');
    expect(Greeter.created).toBe(0);
    expect(await (await call(app, '/class')).text()).toBe('class handler');
    expect(await (await call(app, '/class')).text()).toBe('class handler');
    expect(Greeter.created).toBe(1);
    expect(await (await call(app, '/array')).text()).toBe('tagged end of array');
  });

  test('a service name is looked up in the container when the route is invoked', async () => {
    const container = new SimpleContainer();
    const app = createApp({ container });
    app.get('/lazy', 'lazy.handler');
    container.setFactory('lazy.handler', () => () => new TextResponse('from the container'));
    expect(await (await call(app, '/lazy')).text()).toBe('from the container');
  });

  test('a class the container has comes from the container', async () => {
    const container = new SimpleContainer().setService(Greeter, {
      handle: () => new TextResponse('container greeter'),
    });
    const app = createApp({ container });
    app.get('/', Greeter);
    expect(await (await call(app, '/')).text()).toBe('container greeter');
  });

  test('a missing service fails at invocation with a message naming it', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const app = createApp({ container: new SimpleContainer(), development: true });
    app.get('/missing', 'no.such.service');
    const response = await call(app, '/missing');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"no.such.service" is not in the container'), {
      code: 'FRAMEWORK_ERR_MIDDLEWARE_SERVICE_NOT_FOUND',
      severity: 'error',
    });
    warn.mockRestore();
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({
      code: 'FRAMEWORK_ERR_MIDDLEWARE_SERVICE_NOT_FOUND',
      detail:
        'Middleware service "no.such.service" is not in the container. Register it with setFactory()/setService() ' +
        '(or the dependencies config), or pass the middleware itself.',
    });
  });

  test('a service that is not middleware fails at invocation, naming it and saying it is not invokable', async () => {
    const container = new SimpleContainer().setService('bad', 42);
    const app = createApp({ container, development: true });
    app.pipe('bad');
    const body = (await (await call(app, '/')).json()) as { code: string; detail: string };
    expect(body.code).toBe('FRAMEWORK_ERR_MIDDLEWARE_NOT_INVOKABLE');
    expect(body.detail).toBe(
      'Lazy-loaded middleware service "bad" is not invokable: the container returned number 42. Register a ' +
        'function (request, handler), an object with process() or handle(), or a class.',
    );
  });

  test('an object service that is not middleware is named as not invokable, a misspelt method pointed out', async () => {
    class Handler {
      handler(): TextResponse {
        return new TextResponse('never');
      }
    }
    const container = new SimpleContainer()
      .setService('App\\Empty', {})
      .setService('App\\Typo', { proccess: () => new TextResponse('never') })
      .setFactory('App\\Instance', () => new Handler());
    const app = createApp({ container, development: true });
    app.get('/empty', 'App\\Empty');
    app.get('/typo', 'App\\Typo');
    app.get('/instance', 'App\\Instance');
    const advice =
      'Register a function (request, handler), an object with process() or handle(), or a class.';
    const answers = [];
    for (const path of ['/empty', '/typo', '/instance']) {
      const response = await call(app, path);
      answers.push([response.status, await response.json()]);
    }
    expect(answers).toEqual([
      [
        500,
        expect.objectContaining({
          code: 'FRAMEWORK_ERR_MIDDLEWARE_NOT_INVOKABLE',
          detail: `Lazy-loaded middleware service "App\\\\Empty" is not invokable: the container returned an empty object. ${advice}`,
        }),
      ],
      [
        500,
        expect.objectContaining({
          code: 'FRAMEWORK_ERR_MIDDLEWARE_NOT_INVOKABLE',
          detail:
            'Lazy-loaded middleware service "App\\\\Typo" is not invokable: the container returned an object with ' +
            `keys proccess (proccess() looks like a misspelling of process()). ${advice}`,
        }),
      ],
      [
        500,
        expect.objectContaining({
          code: 'FRAMEWORK_ERR_MIDDLEWARE_NOT_INVOKABLE',
          detail:
            'Lazy-loaded middleware service "App\\\\Instance" is not invokable: the container returned an instance ' +
            `of Handler (handler() looks like a misspelling of handle()). ${advice}`,
        }),
      ],
    ]);
  });

  test('a service in a form an adapter knows is resolved by that adapter', async () => {
    const container = new SimpleContainer().setService('App\\Custom', { reply: 'adapted service' });
    const app = createApp({ container });
    app.resolver.addAdapter((candidate) => {
      const reply = (candidate as { reply?: unknown } | null)?.reply;
      return typeof reply === 'string' ? { process: () => new TextResponse(reply) } : undefined;
    });
    app.get('/custom', 'App\\Custom');
    expect(await (await call(app, '/custom')).text()).toBe('adapted service');
  });

  test('unresolvable middleware throws at registration, naming it and saying why', () => {
    const app = createApp();
    expect(() => app.get('/n', 42 as never)).toThrow(
      'Cannot resolve number 42: it is neither a function, an object with process() or handle(), a service name, a class nor an array.',
    );
    expect(() => app.pipe({ nothing: true } as never)).toThrow('Cannot resolve an object with keys nothing:');
    expect(() => app.get('/s', 'service')).toThrow(
      'Cannot resolve middleware service "service": it is a service name but the application has no container; ' +
        'pass one to AppFactory.create(container).',
    );
  });

  test('a Variant A marker needs a function; adapters plug into the resolver', async () => {
    const app = createApp({ variant: variantA });
    const marker = { [MIDDLEWARE_KIND]: 'double-pass' as const, callable: 'nope' as never };
    expect(() => app.pipe(marker)).toThrow(
      expect.objectContaining({ code: 'FRAMEWORK_ERR_MIDDLEWARE_UNSUPPORTED_FORM' }),
    );
    app.resolver.addAdapter((candidate) =>
      candidate === marker ? { process: () => new TextResponse('adapted') } : undefined,
    );
    app.get('/adapted', marker);
    expect(await (await call(app, '/adapted')).text()).toBe('adapted');
  });

  test('the routing and dispatch constants work inside nested arrays', async () => {
    const app = new Application(new FindMyWayRouter());
    app.pipe([Application.ROUTING_MIDDLEWARE, Application.DISPATCH_MIDDLEWARE]);
    app.get('/', () => new TextResponse('nested'));
    expect(await (await call(app, '/')).text()).toBe('nested');
  });
});
