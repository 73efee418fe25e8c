import {
  JsonResponse,
  type RequestHandler,
  type ServerMiddleware,
  type ServerRequest,
  TextResponse,
} from '@framework/application';

// Mezzio's HomePageHandler and PingHandler: `handle(request)` answers, as a PSR-15 RequestHandler does.
export class HomePageHandler implements RequestHandler {
  handle(): TextResponse {
    return new TextResponse('Hello from the configured application');
  }
}

export class PingHandler implements RequestHandler {
  handle(): JsonResponse {
    return new JsonResponse({ ack: Math.floor(Date.now() / 1000) });
  }
}

// A PSR-15 MiddlewareInterface: `process(request, handler)`.
export class PoweredByMiddleware implements ServerMiddleware {
  async process(request: ServerRequest, handler: RequestHandler) {
    const response = await handler.handle(request);
    response.headers.set('x-powered-by', '@framework');
    return response;
  }
}
