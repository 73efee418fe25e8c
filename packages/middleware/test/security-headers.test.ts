import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TextResponse } from '@framework/application';
import { securityHeaders } from '../src';
import { appFromConfig, appWith, call, listen, send, type Served } from './support/app';

const DEFAULT_HEADERS = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';" +
    "img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';" +
    "style-src 'self' https: 'unsafe-inline'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('securityHeaders() over a socket', () => {
  let served: Served;
  beforeAll(async () => {
    const app = appWith(securityHeaders());
    app.get('/', () => new TextResponse('home'));
    app.get('/framed', () => new TextResponse('framed', { headers: { 'x-frame-options': 'DENY' } }));
    served = await listen(app);
  });
  afterAll(() => served.close());

  it('sets the defaults of helmet and secureHeaders on routed answers', async () => {
    const answer = await send(served.origin, '/');
    expect(answer.headers).toMatchObject(DEFAULT_HEADERS);
    expect(answer.headers['cross-origin-embedder-policy']).toBeUndefined();
  });

  it('sets them on the 404 and 405 answers too', async () => {
    expect((await send(served.origin, '/missing')).headers).toMatchObject(DEFAULT_HEADERS);
    const notAllowed = await send(served.origin, '/', { method: 'DELETE' });
    expect(notAllowed.status).toBe(405);
    expect(notAllowed.headers).toMatchObject(DEFAULT_HEADERS);
  });

  it('The default CSP works over plain HTTP: no upgrade-insecure-requests, fetch() to the own origin allowed', async () => {
    const policy = String((await send(served.origin, '/')).headers['content-security-policy']);
    expect(policy).not.toContain('upgrade-insecure-requests');
    expect(policy.split(';')).toContain("default-src 'self'");
    expect(policy).not.toContain('connect-src');
  });

  it('keeps a header the handler set itself', async () => {
    expect((await send(served.origin, '/framed')).headers['x-frame-options']).toBe('DENY');
  });
});

describe('securityHeaders() options, app.fetch and config', () => {
  it('replaces a value with a string and leaves a header out with false', async () => {
    const app = appWith(
      securityHeaders({
        contentSecurityPolicy: "default-src 'none'",
        strictTransportSecurity: false,
        crossOriginEmbedderPolicy: 'require-corp',
      }),
    );
    app.get('/', () => new Response('web', { headers: { 'content-type': 'text/plain' } }));
    const response = await call(app, '/');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(response.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses header values with line breaks and unknown options, naming them', () => {
    expect(() => securityHeaders({ referrerPolicy: 'no-referrer\r\nSet-Cookie: a=b' })).toThrow(
      'securityHeaders: option `referrerPolicy` must be a non-empty header value on one line, or false.',
    );
    expect(() => securityHeaders({ xPoweredBy: 'me' } as never)).toThrow(
      'securityHeaders: option `xPoweredBy` is not an option of securityHeaders.',
    );
  });

  it('works from routes and middleware_pipeline config, as a factory call and as a container service', async () => {
    for (const middleware of [securityHeaders(), 'SecurityHeaders']) {
      const app = appFromConfig(middleware, {
        routes: [{ path: '/', middleware: () => new TextResponse('home') }],
        services: { SecurityHeaders: () => securityHeaders() },
      });
      expect((await call(app, '/')).headers.get('x-frame-options')).toBe('SAMEORIGIN');
    }
    const routed = appWith();
    routed.get('/', [securityHeaders({ xFrameOptions: 'DENY' }), () => new TextResponse('home')]);
    expect((await call(routed, '/')).headers.get('x-frame-options')).toBe('DENY');
  });
});
