import { LightResponse } from './light-response';
import { type StatusOrInit, toInit } from './response-init';
import { TEXT_PLAIN_UTF8 } from './runtime-text-type';

/**
 * A plain-text response (`text/plain; charset=utf-8`).
 *
 * @example
 * app.get('/', () => new TextResponse('Hello world'));
 * new TextResponse('Created', 201);
 * new TextResponse('Teapot', { status: 418, headers: { 'x-tea': 'earl grey' } });
 */
export class TextResponse extends LightResponse {
  constructor(text: string, init?: StatusOrInit) {
    super(String(text), toInit(init, 200), TEXT_PLAIN_UTF8);
  }
}
