import { randomUUID } from 'node:crypto';

/** The request attribute holding the request id (a string) when the listener logs requests. */
export const REQUEST_ID_ATTRIBUTE = 'Framework\\RequestId';

/** The header a request id is read from and echoed in. */
export const REQUEST_ID_HEADER = 'x-request-id';

// Token characters only (RFC 9110), at most 128 of them: safe to log and to echo in a header.
const SANE_REQUEST_ID = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,128}$/;

/** The client's `x-request-id` when it is a sane token, else a fresh UUID. */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && SANE_REQUEST_ID.test(header) ? header : randomUUID();
}
