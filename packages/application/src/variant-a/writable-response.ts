import { concatBytes } from '../http/read-body';
import { type LightBody, LightResponse } from '../response/light-response';
import { type StatusOrInit, toInit } from '../response/response-init';

const TEXT = 'text/plain; charset=utf-8';

/**
 * The response prototype a Variant A middleware receives: an empty 200 `text/plain` response whose
 * body it writes to ("write to the response body", spec 9) and then returns. Headers are mutable
 * (`response.headers.set(...)`); `withStatus()` and `withHeader()` return a copy, PSR-7 style.
 * Write the body before reading `body` (the stream view is made once).
 *
 * @example
 * app.get('/', doublePass((request, response) => response.write('Hello world')));
 * app.get('/gone', doublePass((request, response) => response.withStatus(410).write('Gone')));
 */
export class WritableResponse extends LightResponse {
  constructor(init?: StatusOrInit, body: string | Uint8Array = '') {
    super(body, toInit(init, 200), TEXT);
  }

  /** Appends text or bytes to the body; returns this response. */
  write(chunk: string | Uint8Array): this {
    const body = this.rawBody as string | Uint8Array;
    (this as { rawBody: LightBody }).rawBody =
      typeof body === 'string' && typeof chunk === 'string'
        ? body + chunk
        : concatChunks(toBytes(body), toBytes(chunk));
    return this;
  }

  /** A copy with another status (body and headers kept). */
  withStatus(status: number): WritableResponse {
    return new WritableResponse({ status, headers: this.headers }, this.rawBody as string | Uint8Array);
  }

  /** A copy with one header set (replacing any value it had). */
  withHeader(name: string, value: string | number): WritableResponse {
    const copy = this.withStatus(this.status);
    copy.headers.set(name, value);
    return copy;
  }
}

const encoder = /* @__PURE__ */ new TextEncoder();

function toBytes(chunk: string | Uint8Array): Uint8Array {
  return typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
}

function concatChunks(first: Uint8Array, second: Uint8Array): Uint8Array {
  return concatBytes([first, second], first.byteLength + second.byteLength);
}
