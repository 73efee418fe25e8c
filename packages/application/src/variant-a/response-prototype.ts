import type { ServerRequest } from '../http/server-request';
import { WritableResponse } from './writable-response';

/**
 * Request attribute carrying the response a Variant A middleware passed to `next(request, response)`,
 * so the next double-pass or error middleware receives it as its prototype (even across Variant B
 * middleware in between).
 */
export const RESPONSE_PROTOTYPE_ATTRIBUTE = 'Framework\\Http\\ResponsePrototype';

/** The response passed down with the request, else a fresh empty 200 `WritableResponse`. */
export function responsePrototypeOf(request: ServerRequest): WritableResponse {
  const carried = request.getAttribute<unknown>(RESPONSE_PROTOTYPE_ATTRIBUTE);
  return carried instanceof WritableResponse ? carried : new WritableResponse();
}

/** `request` carrying `response` as the prototype for the rest of the pipe. */
export function withResponsePrototype(request: ServerRequest, response: unknown): ServerRequest {
  return request.getAttribute<unknown>(RESPONSE_PROTOTYPE_ATTRIBUTE) === response
    ? request
    : request.withAttribute(RESPONSE_PROTOTYPE_ATTRIBUTE, response);
}
