import { randomUUID } from 'node:crypto';

/** The request attribute holding the request id (a string) when the listener logs requests. */
export const REQUEST_ID_ATTRIBUTE = 'Framework\\RequestId';

/** The header a request id is read from and echoed in. */
export const REQUEST_ID_HEADER = 'x-request-id';

// Token characters only (RFC 9110), at most 128 of them: safe to log and to echo in a header.
const SANE_REQUEST_ID = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,128}$/;

/**
 * A fresh UUID, or with `trusted` the client's `x-request-id` when it is a sane token (a client that
 * picks its id can make its lines look like someone else's, so trusting it is a choice).
 */
export function requestIdFrom(header: string | string[] | undefined, trusted: boolean): string {
  return trusted && typeof header === 'string' && SANE_REQUEST_ID.test(header) ? header : randomUUID();
}
