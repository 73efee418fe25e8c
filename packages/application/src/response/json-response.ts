import { LightResponse } from './light-response';
import { type StatusOrInit, toInit } from './response-init';

/**
 * A JSON response (`application/json`). The data is serialised once, when the response is built.
 *
 * @example
 * app.get('/ping', () => new JsonResponse({ ack: Math.floor(Date.now() / 1000) }));
 */
export class JsonResponse<T = unknown> extends LightResponse {
  constructor(
    /** The data as given, for middleware that inspects it. */
    readonly data: T,
    init?: StatusOrInit,
  ) {
    super(JSON.stringify(data) ?? 'null', toInit(init, 200), 'application/json');
  }
}
