import { LightResponse } from './light-response';
import { type StatusOrInit, toInit } from './response-init';

/**
 * A redirect (302 unless told otherwise) with a `Location` header and no body.
 *
 * @example
 * app.get('/old', () => new RedirectResponse('/new', 301));
 */
export class RedirectResponse extends LightResponse {
  constructor(location: string | URL, init?: StatusOrInit) {
    const resolved = toInit(init, 302);
    super(null, resolved);
    this.headers.set('location', String(location));
  }
}
