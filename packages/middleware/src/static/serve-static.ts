import type { Stats } from 'node:fs';
import { extname } from 'node:path';
import etag from 'etag';
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
import { evaluatePreconditions } from '../shared/preconditions';
import { fileBody } from './file-body';
import { findFile } from './find-file';
import { openChecked } from './open-file';
import { type ServeStaticOptions, type StaticSettings, staticSettings } from './static-options';
import { staticSegments } from './static-path';

/**
 * Serves GET and HEAD for files under a root; every other request, and every path that names no
 * servable file, goes on to the next handler. Answers carry `Content-Type`, `Content-Length`,
 * `Last-Modified`, a weak `ETag` and `Accept-Ranges`; conditional requests get 304 or 412 and HEAD
 * gets the headers, all without opening the file; one byte range gets 206, an unsatisfiable one 416.
 * There is no directory listing and no way out of the root (see `staticSegments` and `findFile`); a
 * file is sent only when the open handle is the file the checks allowed (see `openChecked`).
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
    if (isMountRoot(request)) return directoryRedirect(request);
    return (await this.answer(request, found.path, found.stats)) ?? handler.handle(request);
  }

  /** The answer for the file at `path`, or undefined when the file cannot be opened as checked. */
  private async answer(request: ServerRequest, path: string, found: Stats): Promise<AnyResponse | undefined> {
    const validators = this.validators(found);
    const outcome = evaluatePreconditions(request, {
      etag: validators.etag,
      lastModified: validators['last-modified'],
    });
    if (outcome === 'failed') return new EmptyResponse({ status: 412 });
    if (outcome === 'not-modified') return new EmptyResponse({ status: 304, headers: validators });
    const head = request.method === 'HEAD';
    const file = head || found.size === 0 ? undefined : await openChecked(this.settings, path);
    if (!head && found.size > 0 && file === undefined) return undefined;
    // The open file's own stats describe the bytes sent, should the file have changed since the lookup.
    const stats = file?.stats ?? found;
    const headers: Record<string, string> = {
      ...(file === undefined ? validators : this.validators(stats)),
      'content-type': contentType(extname(path)) || 'application/octet-stream',
    };
    const size = stats.size;
    const range = rangeAllowed(request, headers) ? decideRange(size, request.header('range')) : undefined;
    if (range?.kind === 'unsatisfiable') {
      await file?.handle.close();
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
    if (file !== undefined && size === 0) await file.handle.close();
    const body = file === undefined || size === 0 ? null : await fileBody(file, start, end);
    // A file that shrank between fstat() and the read gives fewer bytes: say how many are sent.
    if (body instanceof Uint8Array) headers['content-length'] = String(body.byteLength);
    return new LightResponse(body, { status, headers });
  }

  private validators(stats: Stats): Record<string, string> {
    return {
      'accept-ranges': 'bytes',
      'cache-control': this.settings.cacheControl,
      etag: etag(stats),
      'last-modified': stats.mtime.toUTCString(),
    };
  }
}

/**
 * `If-Range` absent, or naming the file's exact `Last-Modified` date. The ETags here are weak, which
 * `If-Range` may not use (RFC 9110 §13.1.5), so an ETag there never matches and the whole file is sent.
 */
function rangeAllowed(request: ServerRequest, headers: Record<string, string>): boolean {
  const ifRange = request.header('if-range');
  return ifRange === undefined || ifRange === headers['last-modified'];
}

/** The mount path itself asked for without its `/` (`GET /docs` under `pipe('/docs', …)`). */
function isMountRoot(request: ServerRequest): boolean {
  return request.basePath !== '' && request.path === '/' && !request.originalPath.endsWith('/');
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
