import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { type AnyResponse, LightResponse, type LightBody } from '@framework/application';
import { discardBody as releaseBody, isWebStream } from '@framework/application/server-kit';

/** The body of a light response when it is held in memory (text or bytes), else undefined. */
export function inMemoryBody(response: AnyResponse): string | Uint8Array | undefined {
  if (!(response instanceof LightResponse)) return undefined;
  const raw = response.rawBody;
  return typeof raw === 'string' || raw instanceof Uint8Array ? raw : undefined;
}

/** The body of any response as a Node stream, or null when it has none. */
export function bodyStream(response: AnyResponse): Readable | null {
  const raw: LightBody = response instanceof LightResponse ? response.rawBody : response.body;
  if (raw === null) return null;
  if (raw instanceof Readable) return raw;
  if (typeof raw === 'string' || raw instanceof Uint8Array) return Readable.from([raw]);
  if (isWebStream(raw)) return Readable.fromWeb(raw as NodeWebStream<Uint8Array>);
  return Readable.from(raw, { objectMode: false });
}

/** Releases the body of a response that will not be sent. */
export function discardBody(response: AnyResponse): void {
  releaseBody(response instanceof LightResponse ? response.rawBody : response.body);
}

/** A light response with the status and headers of `response` and another body. */
export function withBody(response: AnyResponse, body: LightBody, status = response.status): LightResponse {
  return new LightResponse(body, { status, headers: response.headers });
}

/** True when the response carries a body (possibly empty). */
export function hasBody(response: AnyResponse): boolean {
  return response instanceof LightResponse ? response.rawBody !== null : response.body !== null;
}

/** The size in bytes of an in-memory body. */
export function byteLength(body: string | Uint8Array): number {
  return typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
}
