import type { Stats } from 'node:fs';
import { extname } from 'node:path';
import etag from 'etag';
import fresh from 'fresh';
import { contentType } from 'mime-types';
import {
  type AnyResponse,
  EmptyResponse,
  LightResponse,
  RedirectResponse,
  type RequestHandler,
  type ServerMiddleware,
  type ServerRequest,
} from '@framework/application';
import { decideRange } from './byte-range';
import { fileBody } from './file-body';
import { findFile } from './find-file';
import { type ServeStaticOptions, type StaticSettings, staticSettings } from './static-options';
import { staticSegments } from './static-path';

/**
 * Serves GET and HEAD for files under a root; every other request, and every path that names no
 * servable file, goes on to the next handler. Answers carry `Content-Type`, `Content-Length`,
 * `Last-Modified`, a weak `ETag` and `Accept-Ranges`; conditional requests get 304 and HEAD gets the
 * headers, both without opening the file; one byte range gets 206, an unsatisfiable one 416.
 * There is no directory listing and no way out of the root (see `staticSegments` and `findFile`).
 */
export class ServeStaticMiddleware implements ServerMiddleware {
  private readonly settings: StaticSettings;

  constructor(root: string, options?: ServeStaticOptions) {
    this.settings = staticSettings(root, options);
  }

  async process(request: ServerRequest, handler: RequestHandler): Promise<AnyResponse> {
    if (request.method !== 'GET' && request.method !== 'HEAD') return handler.handle(request);
    const segments = staticSegments(request.path, this.settings.allowDotfiles);
    if (segments === undefined) return handler.handle(request);
    const found = await findFile(this.settings, segments);
    if (found.kind === 'directory') return directoryRedirect(request);
    if (found.kind === 'none') return handler.handle(request);
    return this.answer(request, found.path, found.stats);
  }

  private async answer(request: ServerRequest, path: string, stats: Stats): Promise<AnyResponse> {
    const headers: Record<string, string> = {
      'accept-ranges': 'bytes',
      'cache-control': this.settings.cacheControl,
      etag: etag(stats),
      'last-modified': stats.mtime.toUTCString(),
    };
    if (fresh(request.headers, headers)) return new EmptyResponse({ status: 304, headers });
    headers['content-type'] = contentType(extname(path)) || 'application/octet-stream';
    const size = stats.size;
    const range = rangeAllowed(request, headers) ? decideRange(size, request.header('range')) : undefined;
    if (range?.kind === 'unsatisfiable') {
      return new EmptyResponse({
        status: 416,
        headers: { 'content-range': `bytes */${size}`, 'content-length': '0' },
      });
    }
    const partial = range?.kind === 'partial' ? range : undefined;
    const start = partial?.start ?? 0;
    const end = partial?.end ?? size - 1;
    headers['content-length'] = String(end - start + 1);
    if (partial) headers['content-range'] = `bytes ${start}-${end}/${size}`;
    const status = partial ? 206 : 200;
    const body = request.method === 'HEAD' || size === 0 ? null : await fileBody(path, start, end);
    // A file that shrank since stat() gives fewer bytes: say how many are sent.
    if (body instanceof Uint8Array) headers['content-length'] = String(body.byteLength);
    return new LightResponse(body, { status, headers });
  }
}

/**
 * `If-Range` absent, or naming the file's exact `Last-Modified` date. The ETags here are weak, which
 * `If-Range` may not use, so an ETag there never matches and the whole file is sent.
 */
function rangeAllowed(request: ServerRequest, headers: Record<string, string>): boolean {
  const ifRange = request.header('if-range');
  return ifRange === undefined || ifRange === headers['last-modified'];
}

/** A directory asked for without `/`: send the browser to the path with it (leading slashes collapsed). */
function directoryRedirect(request: ServerRequest): AnyResponse {
  const path = `${request.originalPath}/`.replace(/^\/+/, '/');
  return new RedirectResponse(request.search === '' ? path : `${path}?${request.search}`, 301);
}

/**
 * Static files middleware; see `ServeStaticMiddleware`.
 *
 * @example
 * app.pipe('/assets', serveStatic(join(__dirname, 'public/assets'), { maxAge: 3600 }));
 */
export function serveStatic(root: string, options?: ServeStaticOptions): ServeStaticMiddleware {
  return new ServeStaticMiddleware(root, options);
}
