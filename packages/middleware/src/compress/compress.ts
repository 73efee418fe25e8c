import { pipeline, type Readable, type Transform } from 'node:stream';
import {
  brotliCompress,
  type BrotliOptions,
  constants,
  createBrotliCompress,
  createGzip,
  gzip,
  type ZlibOptions,
} from 'node:zlib';
import compressible from 'compressible';
import type { AnyResponse, RequestHandler, ServerMiddleware, ServerRequest } from '@framework/application';
import { editHeaders } from '../shared/edit-headers';
import { bodyStream, hasBody, inMemoryBody, withBody } from '../shared/response-body';
import { appendVary } from '../shared/vary';
import { encodingChooser } from './choose-encoding';
import {
  type CompressOptions,
  type CompressSettings,
  type CompressionEncoding,
  compressSettings,
} from './compress-options';

function gzipAsync(body: string | Uint8Array, options: ZlibOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    gzip(body, options, (error, result) => (error ? reject(error) : resolve(result))),
  );
}

function brotliAsync(body: string | Uint8Array, options: BrotliOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    brotliCompress(body, options, (error, result) => (error ? reject(error) : resolve(result))),
  );
}

/**
 * Compresses answers with gzip or brotli as `Accept-Encoding` asks: in-memory bodies at or above the
 * threshold on the libuv pool, stream bodies through a zlib stream with backpressure (memory stays
 * bounded by the stream buffers whatever the body's size). Sets `Vary: Accept-Encoding` on every
 * answer whose type is compressible. Leaves alone HEAD, 204, 206, 304, already-encoded answers,
 * `Cache-Control: no-transform` and types that do not compress.
 */
export class CompressMiddleware implements ServerMiddleware {
  private readonly settings: CompressSettings;
  private readonly choose: (acceptEncoding: string | undefined) => CompressionEncoding | undefined;

  constructor(options?: CompressOptions) {
    this.settings = compressSettings(options);
    this.choose = encodingChooser(this.settings.encodings);
  }

  async process(request: ServerRequest, handler: RequestHandler): Promise<AnyResponse> {
    const response = await handler.handle(request);
    if (request.method === 'HEAD' || !this.isCompressible(response)) return response;
    const encoding = this.choose(request.header('accept-encoding'));
    const varied = editHeaders(response, (headers) => appendVary(headers, 'Accept-Encoding'));
    if (encoding === undefined || this.belowThreshold(varied)) return varied;
    const compressed = await this.compressBody(varied, encoding);
    const headers = compressed.headers;
    headers.set('content-encoding', encoding);
    const etag = headers.get('etag');
    if (etag?.startsWith('"')) headers.set('etag', `W/${etag}`);
    return compressed;
  }

  private isCompressible(response: AnyResponse): boolean {
    const status = response.status;
    if (!hasBody(response)) return false;
    if (status === 204 || status === 206 || status === 304) return false;
    const headers = response.headers;
    if (headers.has('content-encoding')) return false;
    if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(headers.get('cache-control') ?? '')) return false;
    const type = headers.get('content-type');
    if (type === null) return false;
    return this.settings.filter ? this.settings.filter(type) : compressible(type) === true;
  }

  private belowThreshold(response: AnyResponse): boolean {
    const body = inMemoryBody(response);
    if (body !== undefined) {
      const size = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
      return size < this.settings.threshold;
    }
    const length = response.headers.get('content-length');
    return length !== null && Number(length) < this.settings.threshold;
  }

  private async compressBody(response: AnyResponse, encoding: CompressionEncoding): Promise<AnyResponse> {
    const body = inMemoryBody(response);
    if (body !== undefined) {
      const bytes =
        encoding === 'gzip'
          ? await gzipAsync(body, this.settings.gzip)
          : await brotliAsync(body, this.withSizeHint(body));
      const compressed = withBody(response, bytes);
      compressed.headers.set('content-length', bytes.byteLength);
      return compressed;
    }
    const source = bodyStream(response) as Readable;
    const zlib: Transform =
      encoding === 'gzip' ? createGzip(this.settings.gzip) : createBrotliCompress(this.settings.brotli);
    const compressed = withBody(
      response,
      pipeline(source, zlib, () => undefined),
    );
    compressed.headers.delete('content-length');
    return compressed;
  }

  private withSizeHint(body: string | Uint8Array): CompressSettings['brotli'] {
    const size = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
    const brotli = this.settings.brotli;
    return { ...brotli, params: { ...brotli.params, [constants.BROTLI_PARAM_SIZE_HINT]: size } };
  }
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
