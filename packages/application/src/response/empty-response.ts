import { LightResponse } from './light-response';
import { type StatusOrInit, toInit } from './response-init';

/**
 * A response without a body; 204 unless told otherwise.
 *
 * @example
 * app.delete('/post/{id}', () => new EmptyResponse());
 */
export class EmptyResponse extends LightResponse {
  constructor(init?: StatusOrInit) {
    super(null, toInit(init, 204));
  }
}
