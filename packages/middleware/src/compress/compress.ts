import { pipeline, type Readable, type Transform } from 'node:stream';
import {
  brotliCompress,
  brotliCompressSync,
  type BrotliOptions,
  constants,
  createBrotliCompress,
  createGzip,
  gzip,
  gzipSync,
  type ZlibOptions,
} from 'node:zlib';
import compressible from 'compressible';
import type { AnyResponse, RequestHandler, ServerMiddleware, ServerRequest } from '@framework/application';
import { editHeaders, type EditableHeaders } from '../shared/edit-headers';
import { codedTag, entityTagList, weakMatch } from '../shared/entity-tags';
import { CONTENT_CODING_ATTRIBUTE } from '../shared/preconditions';
import {
  bodyStream,
  byteLength,
  discardBody,
  hasBody,
  inMemoryBody,
  withBody,
} from '../shared/response-body';
import { appendVary } from '../shared/vary';
import { encodingChooser } from './choose-encoding';
import {
  type CompressOptions,
  type CompressSettings,
  type CompressionEncoding,
  compressSettings,
} from './compress-options';

/**
 * In-memory bodies up to this size are compressed on the event loop: it takes tens of microseconds,
 * less than handing the work to the libuv pool and back (measured: 28 against 65 µs of CPU for 2 KiB
 * with gzip). Larger bodies go to the pool so that the event loop never stalls on them.
 */
const SYNC_COMPRESS_LIMIT = 16 * 1024;

function gzipBody(body: string | Uint8Array, size: number, options: ZlibOptions): Promise<Buffer> | Buffer {
  if (size <= SYNC_COMPRESS_LIMIT) return gzipSync(body, options);
  return new Promise((resolve, reject) =>
    gzip(body, options, (error, result) => (error ? reject(error) : resolve(result))),
  );
}

function brotliBody(
  body: string | Uint8Array,
  size: number,
  options: BrotliOptions,
): Promise<Buffer> | Buffer {
  if (size <= SYNC_COMPRESS_LIMIT) return brotliCompressSync(body, options);
  return new Promise((resolve, reject) =>
    brotliCompress(body, options, (error, result) => (error ? reject(error) : resolve(result))),
  );
}

/**
 * Compresses answers with gzip or brotli as `Accept-Encoding` asks: in-memory bodies at or above the
 * threshold in one call (up to 16 KiB on the event loop, larger ones on the libuv pool), stream bodies
 * through a zlib stream with backpressure (memory stays bounded by the stream buffers whatever the
 * body's size) that is flushed after every chunk the body yields, so a slowly written stream reaches
 * the client as it is written. Sets `Vary: Accept-Encoding` on every answer whose type is
 * compressible, and on 304 answers; gives the compressed answer its own `ETag` (`W/"…-br"`), and HEAD
 * the headers its GET would get. Leaves alone 204, 206, already-encoded answers,
 * `Cache-Control: no-transform` and types that do not compress (by default also `text/event-stream`).
 */
export class CompressMiddleware implements ServerMiddleware {
  private readonly settings: CompressSettings;
  private readonly choose: (acceptEncoding: string | undefined) => CompressionEncoding | undefined;

  constructor(options?: CompressOptions) {
    this.settings = compressSettings(options);
    this.choose = encodingChooser(this.settings.encodings);
  }

  async process(request: ServerRequest, handler: RequestHandler): Promise<AnyResponse> {
    const encoding = this.choose(request.header('accept-encoding'));
    // Inner conditional checks compare a client's `W/"…-br"` with their identity tag (see preconditions).
    const inner =
      encoding === undefined ? request : request.withAttribute(CONTENT_CODING_ATTRIBUTE, encoding);
    const response = await handler.handle(inner);
    if (response.status === 304) return this.notModified(request, response, encoding);
    if (!this.isCompressible(response, request.method === 'HEAD')) return response;
    const varied = editHeaders(response, (headers) => appendVary(headers, 'Accept-Encoding'));
    if (encoding === undefined || this.belowThreshold(varied)) return varied;
    if (request.method === 'HEAD') return headOf(varied, encoding);
    const compressed = await this.compressBody(varied, encoding);
    announce(compressed.headers, encoding, false);
    return compressed;
  }

  /**
   * A 304 says `Vary: Accept-Encoding` when its type may be compressed, and names the coded tag when
   * that is the one the client's `If-None-Match` holds.
   */
  private notModified(
    request: ServerRequest,
    response: AnyResponse,
    encoding: CompressionEncoding | undefined,
  ): AnyResponse {
    const type = response.headers.get('content-type');
    if (type !== null && !this.typeCompresses(type)) return response;
    return editHeaders(response, (headers) => {
      appendVary(headers, 'Accept-Encoding');
      const etag = headers.get('etag');
      if (etag === null || encoding === undefined) return;
      const coded = codedTag(etag, encoding);
      const held = entityTagList(request.header('if-none-match') ?? '');
      if (held.some((tag) => weakMatch(tag, coded))) headers.set('etag', coded);
    });
  }

  private isCompressible(response: AnyResponse, head: boolean): boolean {
    const status = response.status;
    if (!head && !hasBody(response)) return false;
    if (status === 204 || status === 206 || status === 304) return false;
    const headers = response.headers;
    if (headers.has('content-encoding')) return false;
    if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(headers.get('cache-control') ?? '')) return false;
    const type = headers.get('content-type');
    return type !== null && this.typeCompresses(type);
  }

  private typeCompresses(type: string): boolean {
    if (this.settings.filter) return this.settings.filter(type);
    return !EVENT_STREAM.test(type) && compressible(type) === true;
  }

  private belowThreshold(response: AnyResponse): boolean {
    const body = inMemoryBody(response);
    if (body !== undefined) return byteLength(body) < this.settings.threshold;
    const length = response.headers.get('content-length');
    return length !== null && Number(length) < this.settings.threshold;
  }

  private async compressBody(response: AnyResponse, encoding: CompressionEncoding): Promise<AnyResponse> {
    const body = inMemoryBody(response);
    if (body !== undefined) {
      const size = byteLength(body);
      const bytes =
        encoding === 'gzip'
          ? await gzipBody(body, size, this.settings.gzip)
          : await brotliBody(body, size, this.withSizeHint(size));
      const compressed = withBody(response, bytes);
      compressed.headers.set('content-length', bytes.byteLength);
      return compressed;
    }
    const source = bodyStream(response) as Readable;
    // The flush flag applies to every chunk written: each chunk of the body leaves compressed at once.
    const zlib: Transform =
      encoding === 'gzip'
        ? createGzip({ ...this.settings.gzip, flush: constants.Z_SYNC_FLUSH })
        : createBrotliCompress({ ...this.settings.brotli, flush: constants.BROTLI_OPERATION_FLUSH });
    const compressed = withBody(
      response,
      pipeline(source, zlib, () => undefined),
    );
    compressed.headers.delete('content-length');
    return compressed;
  }

  private withSizeHint(size: number): CompressSettings['brotli'] {
    const brotli = this.settings.brotli;
    return { ...brotli, params: { ...brotli.params, [constants.BROTLI_PARAM_SIZE_HINT]: size } };
  }
}

/** Server-sent events: compressing them holds events back, and proxies expect them as they are. */
const EVENT_STREAM = /^\s*text\/event-stream\s*(?:;|$)/i;

/**
 * Marks headers as those of the `encoding` form: `Content-Encoding`, the coded `ETag`, and no
 * `Content-Length` for HEAD (the compressed size is known only by compressing).
 */
function announce(headers: EditableHeaders, encoding: CompressionEncoding, head: boolean): void {
  headers.set('content-encoding', encoding);
  const etag = headers.get('etag');
  if (etag !== null) headers.set('etag', codedTag(etag, encoding));
  if (head) headers.delete('content-length');
}

/** The HEAD answer of the `encoding` form: its GET's headers, no body (whose identity size would show). */
function headOf(response: AnyResponse, encoding: CompressionEncoding): AnyResponse {
  discardBody(response);
  const head = withBody(response, null);
  announce(head.headers, encoding, true);
  return head;
}

/**
 * Compression middleware; see `CompressMiddleware`.
 *
 * @example
 * app.pipe(compress({ threshold: 1024, encodings: ['br', 'gzip'] }));
 */
export function compress(options?: CompressOptions): CompressMiddleware {
  return new CompressMiddleware(options);
}
