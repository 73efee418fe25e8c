import { JsonResponse, type RequestHandler, TextResponse } from '@framework/application';

/** Service name of the home page handler (spec 4.1: `GET /`, plain text). */
export const HOME_PAGE_HANDLER = 'App\\Handler\\HomePageHandler';

/** Service name of the ping handler (spec 4.1: `GET /ping`, `{ ack: <Unix time> }`). */
export const PING_HANDLER = 'App\\Handler\\PingHandler';

export class HomePageHandler implements RequestHandler {
  handle(): TextResponse {
    return new TextResponse('Hello from @framework!');
  }
}

export class PingHandler implements RequestHandler {
  handle(): JsonResponse {
    return new JsonResponse({ ack: Math.floor(Date.now() / 1000) });
  }
}

/** Added in code in the hybrid mode (spec 4.1: `POST /post`, plain text). */
export class PostHandler implements RequestHandler {
  handle(): TextResponse {
    return new TextResponse('Posted.');
  }
}
