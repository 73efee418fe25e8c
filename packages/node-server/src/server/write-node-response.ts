import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Http2ServerResponse } from 'node:http2';
import { type AnyResponse, LightResponse } from '@framework/application';
import { type BodyErrorReporter, discardBody, isNullBodyStatus } from '@framework/application/server-kit';
import {
  type HeaderList,
  isInMemory,
  lightHeaderList,
  pipeBody,
  toReadable,
  webHeaderList,
} from './answer-parts';
import { declaredLength } from './declared-length';

/**
 * Writes a response to Node: in-memory bodies with one `end()`, streams piped with backpressure, no
 * body for HEAD, 204, 304 and 1xx; an answer without any body says `Content-Length: 0` (except for
 * HEAD and the statuses that have no body). A stream body that is not sent is released, and a streamed
 * body that does not match its declared `Content-Length` cuts the connection; `report` gets the errors
 * of both (a file that cannot be opened, a file that shrank).
 */
export function writeNodeResponse(
  res: ServerResponse,
  response: AnyResponse,
  isHead: boolean,
  report?: BodyErrorReporter,
): void {
  if (response instanceof LightResponse) writeLight(res, response, isHead, report);
  else writeWeb(res, response, isHead, report);
}

/**
 * Writes the most common answer, a `LightResponse` with a string body and no headers beyond its
 * content type, with one `writeHead` (a flat header array; an object for HTTP/2) and one `end`.
 * Returns false, having written nothing, for any other answer.
 */
export function writeTextAnswer(res: ServerResponse, response: AnyResponse, isHead: boolean): boolean {
  if (!(response instanceof LightResponse)) return false;
  const raw = response.rawBody;
  const status = response.status;
  if (response.headerMap !== undefined || typeof raw !== 'string' || isNullBodyStatus(status)) return false;
  const length = String(Buffer.byteLength(raw));
  const type = response.contentType;
  if (res instanceof Http2ServerResponse) {
    // An object: node:http2's compatibility API checks every header of an array three times.
    res.writeHead(
      status,
      type === undefined ? { 'content-length': length } : { 'content-type': type, 'content-length': length },
    );
  } else {
    res.writeHead(
      status,
      type === undefined ? ['content-length', length] : ['content-type', type, 'content-length', length],
    );
  }
  res.end(isHead ? undefined : raw);
  return true;
}

function writeLight(
  res: ServerResponse,
  response: LightResponse,
  isHead: boolean,
  report: BodyErrorReporter | undefined,
): void {
  if (writeTextAnswer(res, response, isHead)) return;
  const status = response.status;
  const raw = response.rawBody;
  res.writeHead(status, forTransport(res, lightHeaderList(response, isHead)));
  if (raw === null || isHead || isNullBodyStatus(status)) {
    if (raw !== null && !isInMemory(raw)) discardBody(raw, report);
    res.end();
  } else if (isInMemory(raw)) res.end(raw);
  else pipeBody(res, toReadable(raw), declaredLength(response.headerMap?.['content-length']), report);
}

function writeWeb(
  res: ServerResponse,
  response: Response,
  isHead: boolean,
  report: BodyErrorReporter | undefined,
): void {
  const headers = webHeaderList(response, isHead);
  if (response.statusText) res.writeHead(response.status, response.statusText, forTransport(res, headers));
  else res.writeHead(response.status, forTransport(res, headers));
  const body = response.body;
  if (body === null) {
    res.end();
  } else if (isHead || isNullBodyStatus(response.status)) {
    discardBody(body, report);
    res.end();
  } else {
    pipeBody(res, toReadable(body), declaredLength(response.headers.get('content-length')), report);
  }
}

/**
 * A flat header list as the transport takes it best: `node:http` as it is; `node:http2`'s
 * compatibility API as an object, repeated names folded into one array (from an array it would
 * remove and check every header again before setting it).
 */
function forTransport(res: ServerResponse, headers: HeaderList): string[] | OutgoingHttpHeaders {
  if (!(res instanceof Http2ServerResponse)) return headers as string[];
  const object: OutgoingHttpHeaders = Object.create(null) as OutgoingHttpHeaders;
  for (let index = 0; index < headers.length; index += 2) {
    const name = headers[index] as string;
    const value = headers[index + 1] as string | string[];
    const known = object[name] as string | string[] | undefined;
    object[name] = known === undefined ? value : ([] as string[]).concat(known, value);
  }
  return object;
}
