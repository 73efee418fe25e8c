import { describe, expect, test } from '@jest/globals';
import { MiddlewarePipe, type RequestHandler, ServerRequest, TextResponse } from '../src';

const request = (path: string): ServerRequest =>
  ServerRequest.fromRequest(new Request(`http://localhost${path}`));
const echo = (label: string) => (r: ServerRequest) =>
  new TextResponse(`${label} ${r.path} base=${r.basePath}`);
const final: RequestHandler = { handle: (r) => new TextResponse(`final ${r.path} base=${r.basePath}`) };

async function text(result: unknown): Promise<string> {
  return (await (await (result as Promise<TextResponse>)).text()) as string;
}

describe('MiddlewarePipe', () => {
  test('runs middleware in order and falls through to the caller handler', async () => {
    const seen: string[] = [];
    const pipe = new MiddlewarePipe()
      .pipe((r, h) => (seen.push('a'), h.handle(r)))
      .pipe((r, h) => (seen.push('b'), h.handle(r)));
    expect(await text(pipe.process(request('/x'), final))).toBe('final /x base=');
    expect(seen).toEqual(['a', 'b']);
  });

  test('handle() answers 404 when the pipe is exhausted', async () => {
    const response = await new MiddlewarePipe().handle(request('/nothing'));
    expect(response.status).toBe(404);
  });

  test.each([
    ['/api', 'inner / base=/api'],
    ['/api/', 'inner / base=/api'],
    ['/api/users', 'inner /users base=/api'],
    ['/apix', 'final /apix base='],
    ['/ap', 'final /ap base='],
    ['/', 'final / base='],
  ])('pipe("/api", mw) sees %s as expected', async (path, expected) => {
    const pipe = new MiddlewarePipe().pipe('/api', echo('inner'));
    expect(await text(pipe.process(request(path), final))).toBe(expected);
  });

  test('nested prefixes accumulate in basePath; a trailing slash in the prefix is ignored', async () => {
    const inner = new MiddlewarePipe().pipe('/v1/', echo('v1'));
    const pipe = new MiddlewarePipe().pipe('/api', inner);
    expect(await text(pipe.process(request('/api/v1/me'), final))).toBe('v1 /me base=/api/v1');
  });

  test('the outer path is restored when the nested middleware delegates', async () => {
    const pipe = new MiddlewarePipe()
      .pipe('/api', (r, h) => h.handle(r.withAttribute('seen', r.path)))
      .pipe((r) => new TextResponse(`${r.path} ${String(r.getAttribute('seen'))} base=${r.basePath}`));
    expect(await text(pipe.process(request('/api/users'), final))).toBe('/api/users /users base=');
  });

  test('calling the handler twice at one level is an error naming the middleware', () => {
    const pipe = new MiddlewarePipe().pipe(function twice(r, h) {
      h.handle(r);
      return h.handle(r);
    });
    expect(() => pipe.process(request('/'), final)).toThrow(
      'function twice called handler.handle() more than once. Call it at most once per request.',
    );
  });

  test('a middleware returning no response is an error naming it (sync and async)', async () => {
    const sync = new MiddlewarePipe().pipe(function forgetful() {
      return undefined as never;
    });
    expect(() => sync.process(request('/'), final)).toThrow(
      'function forgetful returned undefined instead of a response. Return a response or handler.handle(request).',
    );
    const async = new MiddlewarePipe().pipe(async function lazy() {
      return { status: 'nope' } as never;
    });
    await expect(async.process(request('/'), final)).rejects.toMatchObject({
      code: 'FRAMEWORK_ERR_MIDDLEWARE_NO_RESPONSE',
      message: expect.stringContaining('function lazy returned an object with keys status'),
    });
  });

  test('errors propagate to the calling middleware, which may answer instead', async () => {
    const pipe = new MiddlewarePipe()
      .pipe(async (r, h) => {
        try {
          return await h.handle(r);
        } catch (error) {
          return new TextResponse(`caught ${(error as Error).message}`);
        }
      })
      .pipe(async () => {
        throw new Error('boom');
      });
    expect(await text(pipe.process(request('/'), final))).toBe('caught boom');
  });

  test('rejects an invalid pipe path', () => {
    expect(() => new MiddlewarePipe().pipe('api', echo('x'))).toThrow(
      'pipe() path "api" is not a literal path: give a prefix such as "/api" (no "?" or "#").',
    );
  });

  test('compares a prefix outside ASCII as clients send it, percent-encoded', async () => {
    const pipe = new MiddlewarePipe().pipe('/café/', echo('guarded'));
    expect(await text(pipe.process(request('/caf%C3%A9/menu'), final))).toBe('guarded /menu base=/caf%C3%A9');
  });

  test.each([
    ['/a b', 'the path must not contain "?", "#" or whitespace.'],
    ['/a\u0007', 'the control character "\\u0007" at offset 2 cannot appear in a path'],
    ['/100%', 'the "%" at offset 4 does not start a percent escape such as %20.'],
  ])('refuses the prefix %j, which no request path holds', (path, reason) => {
    expect(() => new MiddlewarePipe().pipe(path, echo('x'))).toThrow(
      `pipe() path ${JSON.stringify(path)} cannot match a request path, read as a route's text: ` +
        `Invalid route path ${JSON.stringify(path)}: ${reason}`,
    );
  });

  test('refuses a prefix with a placeholder', () => {
    expect(() => new MiddlewarePipe().pipe('/users/{id}', echo('x'))).toThrow(
      'pipe() path "/users/{id}" holds a placeholder: a prefix is literal text; match params in a route.',
    );
  });
});
