import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ErrorHandlerMiddleware,
  errorMiddleware,
  type Middleware,
  ServerRequest,
  TextResponse,
  variantA,
} from '@framework/application';
import { createListener } from '../src';
import { call, createApp } from './support/app';
import { rawRequest } from './support/raw-http';
import { closeServer, serve } from './support/serve';
import { failOnUnhandledRejections } from './support/unhandled-rejections';

/** A value whose `status` getter throws the value itself. */
function selfThrowingGetter(): unknown {
  const error = {
    get status(): never {
      throw error;
    },
  };
  return error;
}

function revokedProxy(): unknown {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

function trapEverything(): unknown {
  const fail = (): never => {
    throw new Error('trap');
  };
  return new Proxy({}, { get: fail, has: fail, getPrototypeOf: fail, ownKeys: fail });
}

const hostileFields = (): unknown => ({
  toString: () => {
    throw new Error('toString');
  },
  get message(): never {
    throw new Error('message');
  },
  get stack(): never {
    throw new Error('stack');
  },
  get code(): never {
    throw new Error('code');
  },
  get expose(): never {
    throw new Error('expose');
  },
});

const hostileValues: [string, () => unknown][] = [
  ['an object whose status getter throws it', selfThrowingGetter],
  ['a revoked Proxy', revokedProxy],
  ['a Proxy whose every trap throws', trapEverything],
  ['null', () => null],
  ['undefined', () => undefined],
  ['a string', () => 'a string'],
  ['an object whose toString, message, stack, code and expose throw', hostileFields],
  ['an object without prototype', () => Object.create(null)],
];

const hostileApps = (mode: 'development' | 'production') =>
  hostileValues.map(([name, make]) => {
    const app = createApp({ development: mode === 'development' });
    app.get('/sync', () => {
      throw make();
    });
    app.get('/async', async () => {
      throw make();
    });
    app.pipe((() => Promise.reject(make())) as Middleware);
    return [name, app] as const;
  });

failOnUnhandledRejections();

describe.each(['production', 'development'] as const)('a hostile thrown value in %s mode', (mode) => {
  test.each(hostileApps(mode))('%s: app.fetch() answers a 500 problem', async (_, app) => {
    for (const path of ['/sync', '/async', '/unrouted']) {
      const response = await call(app, path);
      expect([response.status, response.headers.get('content-type')]).toEqual([
        500,
        'application/problem+json',
      ]);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ status: 500, title: 'Internal Server Error' });
      if (mode === 'production') expect(Object.keys(body).sort()).toEqual(['status', 'title', 'type']);
    }
  });
});

describe('app.handle() with a hostile thrown value', () => {
  test.each(hostileValues)('%s: handle() resolves to a 500', async (_, make) => {
    const app = createApp();
    app.get('/async', async () => {
      throw make();
    });
    const request = ServerRequest.fromRequest(new Request('http://localhost/async'));
    expect((await app.handle(request)).status).toBe(500);
  });

  test('an onError that throws does not change the answer', async () => {
    const app = createApp({
      onError: () => {
        throw revokedProxy();
      },
    });
    app.get('/', () => {
      throw selfThrowingGetter();
    });
    expect((await call(app, '/')).status).toBe(500);
  });

  test('a user-piped ErrorHandlerMiddleware answers a handler that returns a revoked Proxy', async () => {
    const handler = new ErrorHandlerMiddleware({ onError: () => undefined });
    const response = await handler.process(ServerRequest.fromRequest(new Request('http://localhost/')), {
      handle: () => revokedProxy() as TextResponse,
    });
    expect(response.status).toBe(500);
  });
});

describe('Variant A error flow with a hostile value', () => {
  test.each(hostileValues)('%s rethrown by error middleware answers 500', async (_, make) => {
    const seen: unknown[] = [];
    const thrown = make();
    const app = createApp({ variant: variantA });
    app.get('/', () => {
      throw thrown;
    });
    app.pipe(
      errorMiddleware((error) => {
        seen.push(error);
        throw error;
      }),
    );
    expect((await call(app, '/')).status).toBe(500);
    // Compared by identity: jest cannot print a revoked Proxy in a failure message.
    expect(seen.length === 1 && seen[0] === thrown).toBe(true);
  });
});

describe('response-like objects are validated', () => {
  test.each([700, 199, 100, 200.5, Number.NaN])(
    'status %s is not a response: 500 naming the status',
    async (status) => {
      const app = createApp({ development: true });
      app.get('/', () => ({ status, headers: new Headers(), body: null }) as unknown as TextResponse);
      const response = await call(app, '/');
      expect(response.status).toBe(500);
      const body = (await response.json()) as { code: string; detail: string };
      expect(body.code).toBe('FRAMEWORK_ERR_MIDDLEWARE_NO_RESPONSE');
      expect(body.detail).toContain(`status ${status}, which is not an integer from 200 to 599`);
    },
  );
});

describe('the Node listener over a real socket', () => {
  let server: Server;
  let origin: string;
  const app = createApp();
  app.get('/getter', async () => {
    throw selfThrowingGetter();
  });
  app.get('/revoked', () => {
    throw revokedProxy();
  });
  app.get(
    '/status-700',
    () => ({ status: 700, headers: new Headers(), body: null }) as unknown as TextResponse,
  );
  app.get('/bad-header', () => new TextResponse('x', { headers: { 'x-bad': 'a\r\nb' } }));
  app.get('/redirect-found', () => {
    const response = new TextResponse('', 302);
    response.headers.set('location', '/a\r\nb');
    return response;
  });
  app.get('/after', () => new TextResponse('still here'));

  beforeAll(async () => {
    ({ server, origin } = await serve(app));
  });
  afterAll(() => closeServer(server));

  test.each(['/getter', '/revoked', '/status-700'])(
    'GET %s answers "HTTP/1.1 500 Internal Server Error" and the server keeps serving',
    async (path) => {
      const answer = await rawRequest(origin, `GET ${path} HTTP/1.1`);
      expect([answer.statusLine, answer.headers['content-type']]).toEqual([
        'HTTP/1.1 500 Internal Server Error',
        'application/problem+json',
      ]);
      expect((await rawRequest(origin, 'GET /after HTTP/1.1')).body).toBe('still here');
    },
  );

  test.each(['/bad-header', '/redirect-found'])(
    'a response Node cannot write (GET %s) falls back to a 500 with its own reason phrase',
    async (path) => {
      const answer = await rawRequest(origin, `GET ${path} HTTP/1.1`);
      expect(answer.statusLine).toBe('HTTP/1.1 500 Internal Server Error');
      expect(answer.headers['x-bad']).toBeUndefined();
      expect(answer.headers.location).toBeUndefined();
      expect(JSON.parse(answer.body)).toEqual({
        type: 'about:blank',
        title: 'Internal Server Error',
        status: 500,
      });
    },
  );
});

describe('createListener around a plain handler', () => {
  test.each(hostileValues)('%s thrown or returned: the listener answers 500', async (_, make) => {
    const value = make();
    const handlers = [
      {
        handle: () => {
          throw value;
        },
      },
      { handle: () => Promise.reject(value) },
      { handle: () => value as TextResponse },
      { handle: () => Promise.resolve(value as TextResponse) },
    ];
    for (const handler of handlers) {
      const plain = createServer(createListener(handler, { onError: () => undefined }));
      await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
      try {
        const origin = `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;
        expect((await rawRequest(origin, 'GET / HTTP/1.1')).statusLine).toBe(
          'HTTP/1.1 500 Internal Server Error',
        );
      } finally {
        await closeServer(plain);
      }
    }
  });
});
