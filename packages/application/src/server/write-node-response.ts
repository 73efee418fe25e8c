import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import type { AnyResponse } from '../response/any-response';
import { discardBody } from '../response/discard-body';
import { isNullBodyStatus, type LightBody, LightResponse } from '../response/light-response';

/**
 * Writes a response to Node: in-memory bodies with one `end()`, streams piped with backpressure, no
 * body for HEAD, 204, 304 and 1xx; an answer without any body says `Content-Length: 0` (except for
 * HEAD and the statuses that have no body).
 */
export function writeNodeResponse(res: ServerResponse, response: AnyResponse, isHead: boolean): void {
  if (response instanceof LightResponse) writeLight(res, response, isHead);
  else writeWeb(res, response, isHead);
}

// This is the hot path: a flat header array, one writeHead, one end.
function writeLight(res: ServerResponse, response: LightResponse, isHead: boolean): void {
  const status = response.status;
  const raw = response.rawBody;
  const map = response.headerMap;
  if (map === undefined && typeof raw === 'string' && !isNullBodyStatus(status)) {
    const length = String(Buffer.byteLength(raw));
    const type = response.contentType;
    res.writeHead(
      status,
      type === undefined ? ['content-length', length] : ['content-type', type, 'content-length', length],
    );
    res.end(isHead ? undefined : raw);
    return;
  }
  const noBody = isHead || isNullBodyStatus(status);
  const headers: (string | string[])[] = [];
  if (response.contentType !== undefined) headers.push('content-type', response.contentType);
  let hasLength = false;
  if (map !== undefined) {
    for (const name in map) {
      if (name === 'content-length') hasLength = true;
      headers.push(name, map[name] as string | string[]);
    }
  }
  if (!hasLength && !isNullBodyStatus(status)) {
    if (isInMemory(raw)) headers.push('content-length', String(byteLength(raw)));
    // No body at all: say so, or Node would announce chunked encoding. Not for HEAD: a dropped body's
    // length is unknown (the GET answer may be a stream).
    else if (raw === null && !isHead) headers.push('content-length', '0');
  }
  res.writeHead(status, headers as string[]);
  if (raw === null || noBody) {
    if (raw !== null && !isInMemory(raw)) discardBody(raw);
    res.end();
  } else if (isInMemory(raw)) res.end(raw);
  else
    pipeBody(
      res,
      raw instanceof Readable ? raw : Readable.fromWeb(raw as import('node:stream/web').ReadableStream),
    );
}

function writeWeb(res: ServerResponse, response: Response, isHead: boolean): void {
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
  if (response.statusText) res.writeHead(response.status, response.statusText, headers);
  else res.writeHead(response.status, headers);
  const body = response.body;
  if (body === null) {
    res.end();
  } else if (isHead || isNullBodyStatus(response.status)) {
    void body.cancel().catch(() => undefined);
    res.end();
  } else {
    pipeBody(res, Readable.fromWeb(body as import('node:stream/web').ReadableStream));
  }
}

function pipeBody(res: ServerResponse, source: Readable): void {
  pipeline(source, res, (error) => {
    if (error && !res.destroyed) res.destroy(error);
  });
}

function isInMemory(raw: LightBody): raw is string | Uint8Array {
  return typeof raw === 'string' || raw instanceof Uint8Array;
}

function byteLength(raw: string | Uint8Array): number {
  return typeof raw === 'string' ? Buffer.byteLength(raw) : raw.byteLength;
}
