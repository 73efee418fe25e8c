import { LightResponse } from './light-response';
import { type StatusOrInit, toInit } from './response-init';

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
    super(String(text), toInit(init, 200), 'text/plain; charset=utf-8');
  }
}
