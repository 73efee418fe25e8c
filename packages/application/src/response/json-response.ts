import { LightResponse } from './light-response';
import { type StatusOrInit, toInit, type UnnamedStatus } from './response-init';

/**
 * A JSON response (`application/json`). The data is serialised once, when the response is built.
 * Its type carries the data's type and the status as written (`201` in `new JsonResponse(note, 201)`),
 * which a typed client reads.
 *
 * @example
 * app.get('/ping', () => new JsonResponse({ ack: Math.floor(Date.now() / 1000) }));
 */
export class JsonResponse<T = unknown, Status extends number = UnnamedStatus<200>> extends LightResponse {
  declare readonly status: Status;

  constructor(
    /** The data as given, for middleware that inspects it. */
    readonly data: T,
    init?: StatusOrInit<Status>,
  ) {
    super(JSON.stringify(data) ?? 'null', toInit(init, 200), 'application/json');
  }
}
