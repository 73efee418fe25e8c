import { pipeline, Readable, type Writable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import type { LightBody, LightResponse } from '@framework/application';
import { type BodyErrorReporter, isNullBodyStatus, isWebStream } from '@framework/application/server-kit';
import { enforceLength, isLengthMismatch } from './declared-length';

/** A header list: name, value, name, value... (a value is an array for a repeated `set-cookie`). */
export type HeaderList = (string | string[])[];

/**
 * The headers of a `LightResponse` as a flat list: its content type, its own headers, and the
 * `Content-Length` of an in-memory body (or `0` for no body at all; not for HEAD, whose dropped body's
 * length is unknown, nor for the statuses that have no body).
 */
export function lightHeaderList(response: LightResponse, isHead: boolean): HeaderList {
  const raw = response.rawBody;
  const map = response.headerMap;
  const headers: HeaderList = [];
  if (response.contentType !== undefined) headers.push('content-type', response.contentType);
  let hasLength = false;
  if (map !== undefined) {
    for (const name in map) {
      if (name === 'content-length') hasLength = true;
      headers.push(name, map[name] as string | string[]);
    }
  }
  if (!hasLength && !isNullBodyStatus(response.status)) {
    if (isInMemory(raw)) headers.push('content-length', String(byteLength(raw)));
    // No body at all: say so, or Node would announce chunked encoding.
    else if (raw === null && !isHead) headers.push('content-length', '0');
  }
  return headers;
}

/** The headers of a WHATWG `Response` as a flat list, every `set-cookie` kept, `Content-Length: 0` for no body. */
export function webHeaderList(response: Response, isHead: boolean): string[] {
  const headers: string[] = [];
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers.push(name, value);
  });
  for (const cookie of response.headers.getSetCookie?.() ?? []) headers.push('set-cookie', cookie);
  if (
    response.body === null &&
    !isHead &&
    !isNullBodyStatus(response.status) &&
    !response.headers.has('content-length')
  )
    headers.push('content-length', '0');
  return headers;
}

/**
 * Pipes a streamed body into `out` with backpressure, through `enforceLength` when a length was
 * declared; a failure destroys `out` (cuts the answer) and a length mismatch goes to `report`.
 */
export function pipeBody(
  out: Writable,
  source: Readable,
  declared: number | undefined,
  report: BodyErrorReporter | undefined,
): void {
  const done = (error: Error | null): void => {
    if (error === null) return;
    if (!out.destroyed) out.destroy(error);
    if (report !== undefined && isLengthMismatch(error)) report(error);
  };
  if (declared === undefined) pipeline(source, out, done);
  else pipeline(source, enforceLength(declared), out, done);
}

/** A Node stream as it is, a web stream through `Readable.fromWeb`, any other async iterable through `Readable.from`. */
export function toReadable(raw: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>): Readable {
  if (raw instanceof Readable) return raw;
  if (isWebStream(raw)) return Readable.fromWeb(raw as NodeWebStream<Uint8Array>);
  return Readable.from(raw, { objectMode: false });
}

export function isInMemory(raw: LightBody): raw is string | Uint8Array {
  return typeof raw === 'string' || raw instanceof Uint8Array;
}

function byteLength(raw: string | Uint8Array): number {
  return typeof raw === 'string' ? Buffer.byteLength(raw) : raw.byteLength;
}
