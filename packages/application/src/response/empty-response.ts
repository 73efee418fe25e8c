import { LightResponse } from './light-response';
import { type StatusOrInit, toInit, type UnnamedStatus } from './response-init';

/**
 * A response without a body; 204 unless told otherwise.
 *
 * @example
 * app.delete('/post/{id}', () => new EmptyResponse());
 */
export class EmptyResponse<Status extends number = UnnamedStatus<204>> extends LightResponse {
  declare readonly status: Status;
  /** Types only: tells this answer apart from one with a body, for a typed client. */
  declare readonly '~empty'?: true;

  constructor(init?: StatusOrInit<Status>) {
    super(null, toInit(init, 204));
  }
}
