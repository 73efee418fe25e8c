import { describe, expect, test } from '@jest/globals';
import { Route } from '@framework/router-contract';
import { FindMyWayRouter } from '@framework/router-fmw';
import {
  type AnyResponse,
  DispatchMiddleware,
  ImplicitHeadMiddleware,
  ImplicitOptionsMiddleware,
  MethodNotAllowedMiddleware,
  MiddlewarePipe,
  type MaybePromise,
  MiddlewareResolver,
  type RequestHandler,
  RoutingMiddleware,
  ServerRequest,
  TextResponse,
} from '../src';

// The exported routing classes, piped one by one, answer like Application.ROUTING_MIDDLEWARE.
describe('routing middleware assembled by hand', () => {
  const router = new FindMyWayRouter();
  router.addRoute(
    new Route('/post/{id}', (request: ServerRequest) => new TextResponse(`post ${request.params.id}`), [
      'GET',
    ]),
  );
  const pipe = new MiddlewarePipe()
    .pipe(new RoutingMiddleware(router))
    .pipe(new ImplicitHeadMiddleware(router))
    .pipe(new ImplicitOptionsMiddleware())
    .pipe(new MethodNotAllowedMiddleware())
    .pipe(new DispatchMiddleware(new MiddlewareResolver()));

  async function call(
    path: string,
    method = 'GET',
  ): Promise<{ status: number; allow: string | null; body: string }> {
    const response = await pipe.handle(
      ServerRequest.fromRequest(new Request(`http://localhost${path}`, { method })),
    );
    return { status: response.status, allow: response.headers.get('allow'), body: await response.text() };
  }

  test('a match runs the route with its params', async () => {
    expect(await call('/post/7')).toEqual({ status: 200, allow: null, body: 'post 7' });
  });

  test('HEAD runs the GET route without a body, OPTIONS lists the methods, other methods get 405', async () => {
    expect(await call('/post/7', 'HEAD')).toMatchObject({ status: 200, body: '' });
    expect(await call('/post/7', 'OPTIONS')).toMatchObject({ status: 200, allow: 'GET, HEAD, OPTIONS' });
    expect(await call('/post/7', 'DELETE')).toMatchObject({ status: 405, allow: 'GET, HEAD, OPTIONS' });
  });

  test('no route is a 404 and a malformed escape a 400 error', async () => {
    expect((await call('/missing')).status).toBe(404);
    await expect(call('/post/%zz')).rejects.toMatchObject({ code: 'FRAMEWORK_ERR_REQUEST_MALFORMED_URL' });
  });

  test('match() gives the router result for the request, route() the request it passes on', () => {
    const routing = new RoutingMiddleware(router);
    const request = ServerRequest.fromRequest(new Request('http://localhost/post/9'));
    expect(routing.match(request).getMatchedParams()).toEqual({ id: '9' });
    expect(routing.route(request).params).toEqual({ id: '9' });
  });

  test('a subclass that changes process() is run as written, first in the pipe or not', async () => {
    class TaggedRouting extends RoutingMiddleware {
      override process(request: ServerRequest, handler: RequestHandler): MaybePromise<AnyResponse> {
        return super.process(request.withAttribute('tag', 'tagged'), handler);
      }
    }
    const tagged = new MiddlewarePipe()
      .pipe(new TaggedRouting(router))
      .pipe(new DispatchMiddleware(new MiddlewareResolver()))
      .pipe((request: ServerRequest) => new TextResponse(String(request.getAttribute('tag'))));
    const answer = await tagged.handle(ServerRequest.fromRequest(new Request('http://localhost/none')));
    expect(await answer.text()).toBe('tagged');
  });
});
