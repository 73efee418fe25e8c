import { validateHeaderName, validateHeaderValue } from 'node:http';
import type { OutgoingHttpHeaders, ServerHttp2Stream } from 'node:http2';
import { type AnyResponse, LightResponse } from '@framework/application';
import {
  type BodyErrorReporter,
  discardBody,
  discardResponse,
  isNullBodyStatus,
} from '@framework/application/server-kit';
import {
  type HeaderList,
  isInMemory,
  lightHeaderList,
  pipeBody,
  toReadable,
  webHeaderList,
} from './answer-parts';
import { declaredLength } from './declared-length';

/** `respond()` options of an answer without a body (Node copies them: one object serves every stream). */
const END_STREAM = Object.freeze({ endStream: true });

/**
 * Writes a response on an HTTP/2 stream through `node:http2`'s core API (`respond()`, then `end()` or
 * a pipe), as `writeNodeResponse` does on HTTP/1: the same headers, no body for HEAD, 204, 205, 304
 * and 1xx, stream bodies piped with backpressure, a streamed body that does not match its declared
 * `Content-Length` cuts the stream. Header names and values are checked as `node:http` checks them
 * (a bad one throws, having written nothing); a `Connection` header is dropped, HTTP/2 has none. A
 * stream the client has already closed gets nothing, and a stream body is released.
 */
export function writeHttp2Response(
  stream: ServerHttp2Stream,
  response: AnyResponse,
  isHead: boolean,
  report?: BodyErrorReporter,
): void {
  if (stream.destroyed || stream.closed) {
    discardResponse(response, report);
    return;
  }
  if (response instanceof LightResponse) {
    const raw = response.rawBody;
    const bodyless = raw === null || isHead || hasNoBody(response.status);
    respond(stream, response.status, lightHeaderList(response, isHead), bodyless);
    if (raw === null) return;
    if (bodyless) {
      if (!isInMemory(raw)) discardBody(raw, report);
    } else if (isInMemory(raw)) stream.end(raw);
    else pipeBody(stream, toReadable(raw), declaredLength(response.headerMap?.['content-length']), report);
    return;
  }
  const body = response.body;
  const bodyless = body === null || isHead || hasNoBody(response.status);
  respond(stream, response.status, webHeaderList(response, isHead), bodyless);
  if (body === null) return;
  if (bodyless) discardBody(body, report);
  else pipeBody(stream, toReadable(body), declaredLength(response.headers.get('content-length')), report);
}

/**
 * Writes the most common answer, a `LightResponse` with a string body and no headers beyond its
 * content type, with one `respond()` and one `end()`. Returns false, having written nothing, for any
 * other answer.
 */
// This is the hot path of HTTP/2: one header object, no list, no check of headers made here.
export function writeHttp2Text(stream: ServerHttp2Stream, response: AnyResponse, isHead: boolean): boolean {
  if (!(response instanceof LightResponse)) return false;
  const raw = response.rawBody;
  const status = response.status;
  if (response.headerMap !== undefined || typeof raw !== 'string' || hasNoBody(status)) return false;
  if (stream.destroyed || stream.closed) return true;
  const length = Buffer.byteLength(raw);
  const type = response.contentType;
  const headers: OutgoingHttpHeaders =
    type === undefined
      ? { ':status': status, 'content-length': length }
      : { ':status': status, 'content-type': type, 'content-length': length };
  if (isHead) {
    stream.respond(headers, END_STREAM);
  } else {
    stream.respond(headers);
    stream.end(raw);
  }
  return true;
}

/** Answers the error of a failed answer, or cuts the stream when part of the answer went out. */
export function writeHttp2Fallback(stream: ServerHttp2Stream, response: AnyResponse, isHead: boolean): void {
  if (stream.headersSent) {
    stream.destroy();
    return;
  }
  try {
    writeHttp2Response(stream, response, isHead);
  } catch {
    stream.destroy();
  }
}

/** Statuses whose answer `respond()` ends at once: those without a body, and 205 Reset Content. */
function hasNoBody(status: number): boolean {
  return status === 205 || isNullBodyStatus(status);
}

function respond(stream: ServerHttp2Stream, status: number, list: HeaderList, endStream: boolean): void {
  const headers: OutgoingHttpHeaders = Object.create(null) as OutgoingHttpHeaders;
  headers[':status'] = status;
  for (let index = 0; index < list.length; index += 2) {
    const name = list[index] as string;
    const value = list[index + 1] as string | string[];
    if (name === 'connection') continue;
    validateHeaderName(name);
    if (typeof value === 'string') validateHeaderValue(name, value);
    else for (const item of value) validateHeaderValue(name, item);
    const known = headers[name] as string | string[] | undefined;
    headers[name] = known === undefined ? value : ([] as string[]).concat(known, value);
  }
  stream.respond(headers, endStream ? END_STREAM : undefined);
}
