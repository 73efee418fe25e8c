import type { AnyResponse, MaybePromise, RequestHandler, ServerMiddleware, ServerRequest } from '@framework/application';
import { invalidOption } from '../errors';
import { checkOptions, describe } from '../shared/check-options';
import { editHeaders } from '../shared/edit-headers';

/** The request attribute holding the request id (a string) once `requestId()` has run. */
export const REQUEST_ID_ATTRIBUTE = 'Framework\\RequestId';

/** The header a request id is read from and echoed in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** Options of `requestId()`. */
export interface RequestIdOptions {
  /**
   * Adopt a sane `x-request-id` sent by the client (token characters, at most 128) as the request id
   * (default false: every request gets a fresh UUID). A client that picks its id can make its log lines
   * look like someone else's: turn it on only behind a proxy that sets or strips the header.
   */
  readonly trust?: boolean;
}

// Token characters only (RFC 9110), at most 128 of them: safe to log and to echo in a header.
const SANE_REQUEST_ID = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,128}$/;

/**
 * Gives each request an id: a fresh UUID (Web Crypto's `randomUUID`), or with `trust` the client's sane
 * `x-request-id`. The id becomes the attribute `REQUEST_ID_ATTRIBUTE` (which `requestLogger()` logs as
 * `reqId`) and the `x-request-id` header of the answer. Pipe it first.
 *
 * @example
 * app.pipe(requestId());
 * app.pipe(requestLogger({ logger: pino() }));
 */
export function requestId(options: RequestIdOptions = {}): ServerMiddleware {
  const own = checkOptions('requestId', options, ['trust']);
  const trust = own.trust ?? false;
  if (typeof trust !== 'boolean') throw invalidOption('requestId', 'trust', `must be true or false, got ${describe(trust)}.`);
  return new RequestIdMiddleware(trust);
}

class RequestIdMiddleware implements ServerMiddleware {
  constructor(private readonly trust: boolean) {}

  process(request: ServerRequest, handler: RequestHandler): MaybePromise<AnyResponse> {
    const header = request.headers[REQUEST_ID_HEADER];
    const id =
      this.trust && typeof header === 'string' && SANE_REQUEST_ID.test(header) ? header : crypto.randomUUID();
    const answer = handler.handle(request.withAttribute(REQUEST_ID_ATTRIBUTE, id));
    const echo = (response: AnyResponse): AnyResponse =>
      editHeaders(response, (headers) => headers.set(REQUEST_ID_HEADER, id));
    return isPending(answer) ? answer.then(echo) : echo(answer);
  }
}

function isPending(answer: MaybePromise<AnyResponse>): answer is Promise<AnyResponse> {
  return typeof (answer as { then?: unknown }).then === 'function';
}
