import { LightResponse } from './light-response';
import { type StatusOrInit, toInit } from './response-init';

/**
 * An HTML response (`text/html; charset=utf-8`).
 *
 * @example
 * app.get('/', () => new HtmlResponse('<h1>Hello</h1>'));
 */
export class HtmlResponse extends LightResponse {
  constructor(html: string, init?: StatusOrInit) {
    super(String(html), toInit(init, 200), 'text/html; charset=utf-8');
  }
}
