import { JsonResponse, type RequestHandler, type ServerRequest } from '@framework/application';

/** Answers `{ "ack": <Unix time in seconds> }`. */
export class PingHandler implements RequestHandler {
  handle(_request: ServerRequest): JsonResponse {
    return new JsonResponse({ ack: Math.floor(Date.now() / 1000) });
  }
}
