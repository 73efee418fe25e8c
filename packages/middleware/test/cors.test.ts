import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Application, JsonResponse, TextResponse } from '@framework/application';
import { cors, CorsMiddleware, MiddlewareError } from '../src';
import { appFromConfig, appWith, call, listen, send, type Served } from './support/app';

const ALLOWED = 'https://app.example.com';
const REFUSED = 'https://evil.example.com';

function notesApp(): Application {
  const app = appWith(
    cors({ origin: [ALLOWED], credentials: true, maxAge: 600, exposeHeaders: ['X-Total'] }),
  );
  app.get('/notes', () => new JsonResponse([], { headers: { 'x-total': '0' } }));
  return app;
}

describe('cors() over a socket', () => {
  let served: Served;
  beforeAll(async () => (served = await listen(notesApp())));
  afterAll(() => served.close());

  it('answers a preflight on a path without an OPTIONS route with 204 and the Access-Control headers', async () => {
    const answer = await send(served.origin, '/notes', {
      method: 'OPTIONS',
      headers: {
        origin: ALLOWED,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-token',
      },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(answer.headers['access-control-allow-credentials']).toBe('true');
    expect(answer.headers['access-control-allow-methods']).toBe('GET, HEAD, PUT, POST, PATCH, DELETE');
    expect(answer.headers['access-control-allow-headers']).toBe('content-type, x-token');
    expect(answer.headers['access-control-max-age']).toBe('600');
    expect(answer.headers.vary).toBe('Origin, Access-Control-Request-Headers');
  });

  it('adds Allow-Origin, credentials and exposed headers to an allowed origin, with Vary: Origin', async () => {
    const answer = await send(served.origin, '/notes', { headers: { origin: ALLOWED } });
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(answer.headers['access-control-allow-credentials']).toBe('true');
    expect(answer.headers['access-control-expose-headers']).toBe('X-Total');
    expect(answer.headers.vary).toBe('Origin');
  });

  it('gives a refused origin no CORS headers, on the preflight and on the request', async () => {
    const preflight = await send(served.origin, '/notes', {
      method: 'OPTIONS',
      headers: { origin: REFUSED, 'access-control-request-method': 'DELETE' },
    });
    expect(preflight.status).toBe(204);
    expect(Object.keys(preflight.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    const request = await send(served.origin, '/notes', { headers: { origin: REFUSED } });
    expect(request.status).toBe(200);
    expect(request.headers['access-control-allow-origin']).toBeUndefined();
    expect(request.headers.vary).toBe('Origin');
  });

  it("refuses the origin 'null' and look-alikes of an allowed origin", async () => {
    for (const origin of [
      'null',
      `${ALLOWED}.evil.com`,
      `${ALLOWED}/`,
      ALLOWED.toUpperCase(),
      `${ALLOWED}, ${REFUSED}`,
    ]) {
      const answer = await send(served.origin, '/notes', { headers: { origin } });
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('does not reflect requested headers that are not a short list of tokens', async () => {
    for (const asked of ['x-a\tx-b', 'x-a;drop', `x-${'a'.repeat(2000)}`]) {
      const answer = await send(served.origin, '/notes', {
        method: 'OPTIONS',
        headers: {
          origin: ALLOWED,
          'access-control-request-method': 'GET',
          'access-control-request-headers': asked,
        },
      });
      expect(answer.status).toBe(204);
      expect(answer.headers['access-control-allow-headers']).toBeUndefined();
    }
  });

  it('leaves a plain OPTIONS request (no preflight) to the routing middleware', async () => {
    const answer = await send(served.origin, '/notes', { method: 'OPTIONS' });
    expect(answer.status).toBe(200);
    expect(answer.headers.allow).toContain('GET');
  });
});

describe("cors({ origin: '*' }) over a socket", () => {
  let served: Served;
  beforeAll(async () => {
    const app = appWith(cors({ exposeHeaders: ['X-Total'] }));
    app.get('/public', () => new TextResponse('public'));
    served = await listen(app);
  });
  afterAll(() => served.close());

  it("cors({ origin: '*' }) sends Access-Control-Allow-Origin: * also to a request without Origin", async () => {
    const answer = await send(served.origin, '/public');
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.headers['access-control-expose-headers']).toBe('X-Total');
    expect(answer.headers.vary).toBeUndefined();
    const cross = await send(served.origin, '/public', { headers: { origin: REFUSED } });
    expect(cross.headers['access-control-allow-origin']).toBe('*');
    expect(cross.headers.vary).toBeUndefined();
  });

  it("answers the opaque origin null with '*' too: '*' means any page, and never allows credentials", async () => {
    const answer = await send(served.origin, '/public', { headers: { origin: 'null' } });
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('says Vary: Origin on every answer of a listed-origin policy, requests without Origin included', async () => {
    const app = appWith(cors({ origin: [ALLOWED] }));
    app.get('/', () => new TextResponse('x'));
    const listed = await listen(app);
    try {
      const variants: Record<string, string>[] = [{}, { origin: ALLOWED }, { origin: REFUSED }];
      for (const headers of variants) {
        expect((await send(listed.origin, '/', { headers })).headers.vary).toBe('Origin');
      }
    } finally {
      await listed.close();
    }
  });
});

describe('cors() through app.fetch', () => {
  it("answers any origin with '*' by default and sets no Vary", async () => {
    const app = appWith(cors());
    app.get('/', () => new TextResponse('hi'));
    const response = await call(app, '/', { headers: { origin: REFUSED } });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('vary')).toBeNull();
  });

  it('asks an origin function, which may be async', async () => {
    const app = appWith(cors({ origin: async (origin) => origin.endsWith('.example.org') }));
    app.get('/', () => new TextResponse('hi'));
    const yes = await call(app, '/', { headers: { origin: 'https://a.example.org' } });
    expect(yes.headers.get('access-control-allow-origin')).toBe('https://a.example.org');
    const no = await call(app, '/', { headers: { origin: 'https://example.org.evil' } });
    expect(no.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('decorates a WHATWG Response whose headers are immutable by copying it', async () => {
    const app = appWith(cors());
    const immutable = Response.error();
    app.get('/', () => {
      const response = new Response('body', { status: 200 });
      Object.defineProperty(response, 'headers', { value: immutable.headers });
      return response;
    });
    const response = await call(app, '/', { headers: { origin: ALLOWED } });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.text()).toBe('body');
  });

  it('works as route middleware for a route that lists OPTIONS', async () => {
    const app = appWith();
    app.route('/items', [cors({ origin: ALLOWED }), () => new TextResponse('items')], ['GET', 'OPTIONS']);
    const preflight = await call(app, '/items', {
      method: 'OPTIONS',
      headers: { origin: ALLOWED, 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(ALLOWED);
  });

  it('works from middleware_pipeline config, as a factory call and as a container service', async () => {
    for (const middleware of [cors({ origin: ALLOWED }), 'Cors']) {
      const app = appFromConfig(middleware, {
        routes: [{ path: '/', middleware: () => new TextResponse('home'), allowed_methods: ['GET'] }],
        services: { Cors: () => cors({ origin: ALLOWED }) },
      });
      const preflight = await call(app, '/', {
        method: 'OPTIONS',
        headers: { origin: ALLOWED, 'access-control-request-method': 'GET' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    }
  });
});

describe('cors() options', () => {
  it("refuses origin '*' with credentials, naming the option", () => {
    expect(() => cors({ origin: '*', credentials: true })).toThrow(MiddlewareError);
    expect(() => cors({ credentials: true })).toThrow(
      "cors: option `origin` is '*' while credentials is true; browsers refuse that, list the allowed origins instead.",
    );
  });

  it('refuses methods and headers that are not tokens, and a negative maxAge', () => {
    expect(() => cors({ methods: ['GET\r\nX: y'] })).toThrow('cors: option `methods`');
    expect(() => cors({ allowHeaders: ['a b'] })).toThrow('cors: option `allowHeaders`');
    expect(() => cors({ maxAge: -1 })).toThrow(
      'cors: option `maxAge` must be a whole number of seconds, got -1.',
    );
    expect(() => cors({ origin: ['https://a.com, https://b.com'] })).toThrow('cors: option `origin`');
  });

  it('refuses listed origins that can never match, saying what a browser sends', () => {
    const cases: [string, string][] = [
      ['https://app.example.com/', "did you mean 'https://app.example.com'?"],
      ['https://app.example.com/path', "did you mean 'https://app.example.com'?"],
      ['https://App.Example.com', "did you mean 'https://app.example.com'?"],
      ['https://app.example.com:443', "did you mean 'https://app.example.com'?"],
      ['app.example.com', "an origin has a scheme; did you mean 'https://app.example.com'?"],
      ['*.example.com', 'never a pattern'],
      ['https://*.example.com', 'never a pattern'],
      ['*', 'never a pattern'],
      ['https://a.com, https://b.com', 'list full origins'],
    ];
    for (const [origin, problem] of cases) {
      expect(() => cors({ origin: [ALLOWED, origin] })).toThrow(
        `cors: option \`origin\` holds ${JSON.stringify(origin)}; `,
      );
      if (origin !== '*') expect(() => cors({ origin })).toThrow(problem);
    }
    for (const origin of [
      'null',
      'http://localhost:5173',
      'https://[::1]:8443',
      'chrome-extension://abcdef',
    ]) {
      expect(() => cors({ origin })).not.toThrow();
    }
  });

  it('is a CorsMiddleware', () => {
    expect(cors()).toBeInstanceOf(CorsMiddleware);
  });
});
