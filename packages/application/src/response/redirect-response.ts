import { encodeLocation } from './encode-location';
import { LightResponse } from './light-response';
import { type StatusOrInit, toInit } from './response-init';

/**
 * A redirect (302 unless told otherwise) with a `Location` header and no body. The location is
 * percent-encoded where a URL needs it (`/café` → `/caf%C3%A9`; existing escapes are kept); one holding
 * a control character (CR, LF, …) throws `FRAMEWORK_ERR_RESPONSE_INVALID_LOCATION`.
 *
 * @example
 * app.get('/old', () => new RedirectResponse('/new', 301));
 */
export class RedirectResponse extends LightResponse {
  constructor(location: string | URL, init?: StatusOrInit) {
    const resolved = toInit(init, 302);
    super(null, resolved);
    this.headers.set('location', encodeLocation(String(location)));
  }
}
