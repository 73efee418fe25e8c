import { doublePass, JsonResponse, type ServerRequest, type WritableResponse } from '@framework/application';

/** GET /: writes to the response body and returns the response (Variant A, detected by its 3 parameters). */
export function homePage(
  _request: ServerRequest,
  response: WritableResponse,
  _next: unknown,
): WritableResponse {
  return response.write('Hello world');
}

/** GET /ping: `{ ack: <Unix time in seconds> }`. */
export const ping = doublePass(() => new JsonResponse({ ack: Math.floor(Date.now() / 1000) }));

/** GET /boom: fails, to show the error middleware at work. */
export const boom = doublePass(() => {
  throw new Error('The boom action always fails.');
});
