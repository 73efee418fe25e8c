import { bodyStreamOf, readAllBytes } from './body-stream';
import { contentTypeInit } from './content-type-init';
import { statusText } from './status-text';
import { isValidStatus } from './valid-status';
import { type HeaderMap, ResponseHeaders, type ResponseHeadersInit, toHeaderMap } from './response-headers';

/**
 * What a lightweight response can carry: in-memory text or bytes, a web `ReadableStream`, any async
 * iterable of bytes (a Node `Readable` is one, so `fs.createReadStream(...)` works), or nothing.
 */
export type LightBody = string | Uint8Array | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | null;

const utf8 = /* @__PURE__ */ new TextDecoder('utf-8', { ignoreBOM: true });
const encoder = /* @__PURE__ */ new TextEncoder();

/** Status and headers of a lightweight response. */
export interface LightResponseInit {
  readonly status?: number;
  readonly headers?: ResponseHeadersInit;
}

/** Statuses that never carry a body. */
export function isNullBodyStatus(status: number): boolean {
  return status === 204 || status === 304 || (status >= 100 && status < 200);
}

/**
 * A response without any undici object behind it: the Node listener writes it with one `end()`, and it
 * reads like a WHATWG `Response` (`status`, `ok`, `headers`, `body`, `text()`, `json()`). Use the
 * helpers (`TextResponse`, `JsonResponse`, …) or this class directly for other bodies and streams.
 *
 * @example
 * return new LightResponse(fs.createReadStream('report.csv'), { headers: { 'content-type': 'text/csv' } });
 */
export class LightResponse {
  readonly status: number;
  /** @internal The content type set by a helper, kept apart until `headers` is first read. */
  contentType: string | undefined;
  /** @internal Extra headers (lower-case names), created only when some are given or `headers` is read. */
  headerMap: HeaderMap | undefined;
  private view: ResponseHeaders | undefined;
  private streamView: ReadableStream<Uint8Array> | undefined;

  constructor(
    /** The body as given (string, bytes, stream or null). */
    readonly rawBody: LightBody = null,
    init?: LightResponseInit,
    contentType?: string,
  ) {
    const status = init?.status ?? 200;
    if (!isValidStatus(status)) {
      throw new RangeError(`Response status must be an integer from 200 to 599, got ${String(status)}.`);
    }
    this.status = status;
    this.contentType = contentType;
    this.headerMap = init?.headers === undefined ? undefined : toHeaderMap(init.headers);
    if (contentType !== undefined && this.headerMap?.['content-type'] !== undefined)
      this.contentType = undefined;
  }

  /** True for a 2xx status. */
  get ok(): boolean {
    return this.status >= 200 && this.status < 300;
  }

  /** The standard reason phrase of the status (`OK`, `Not Found`), or `''`. */
  get statusText(): string {
    return statusText(this.status) ?? '';
  }

  /** A mutable `Headers`-like view (created on first use). */
  get headers(): ResponseHeaders {
    if (this.view === undefined) {
      const map = this.headerMap ?? (Object.create(null) as HeaderMap);
      if (this.contentType !== undefined) map['content-type'] ??= this.contentType;
      this.contentType = undefined;
      this.headerMap = map;
      this.view = new ResponseHeaders(map);
    }
    return this.view;
  }

  /** The body as a web `ReadableStream`, or null (created on first use). */
  get body(): ReadableStream<Uint8Array> | null {
    const raw = this.rawBody;
    if (raw === null) return null;
    this.streamView ??= bodyStreamOf(typeof raw === 'string' ? encoder.encode(raw) : raw);
    return this.streamView;
  }

  /** The body as an `ArrayBuffer`. */
  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = await this.bytes();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  /** The body as bytes (a stream body is read to its end). */
  async bytes(): Promise<Uint8Array> {
    const raw = this.rawBody;
    if (raw === null) return new Uint8Array(0);
    if (typeof raw === 'string') return encoder.encode(raw);
    if (raw instanceof Uint8Array) return raw;
    return readAllBytes(this.body as ReadableStream<Uint8Array>);
  }

  /** The body decoded as UTF-8. */
  async text(): Promise<string> {
    const raw = this.rawBody;
    if (typeof raw === 'string') return raw;
    return utf8.decode(await this.bytes());
  }

  /** The body parsed as JSON. */
  async json<T = unknown>(): Promise<T> {
    return JSON.parse(await this.text()) as T;
  }

  /** A real WHATWG `Response` with the same status, headers and body (for `fetch()` callers). */
  // The fetch path: text and bytes reach the runtime as they are (its native body, no JS stream to
  // pump), and a 200 answer whose headers were never touched passes a shared init holding its
  // content type (the runtime copies the headers, cheaper than parsing a header object).
  toResponse(): Response {
    const status = this.status;
    const body = isNullBodyStatus(status) ? null : this.webBody();
    if (this.headerMap === undefined) {
      const type = this.contentType;
      if (status !== 200) {
        return new Response(body, {
          status,
          headers: type === undefined ? undefined : contentTypeInit(type).headers,
        });
      }
      return type === undefined ? new Response(body) : new Response(body, contentTypeInit(type));
    }
    const headers = new Headers();
    for (const [name, value] of this.headers) headers.append(name, value);
    return new Response(body, { status, headers });
  }

  /**
   * @internal The text body when it goes out with nothing but the helper's content type `type`: no
   * header given or read, the body never streamed, a status that carries a body.
   */
  bareText(type: string): string | undefined {
    const raw = this.rawBody;
    if (typeof raw !== 'string' || this.contentType !== type || this.headerMap !== undefined)
      return undefined;
    return this.streamView === undefined && !isNullBodyStatus(this.status) ? raw : undefined;
  }

  /** The body for `new Response()`: a string only when a content type is set (else one would be added). */
  private webBody(): ConstructorParameters<typeof Response>[0] {
    const raw = this.rawBody;
    if (raw === null || this.streamView !== undefined) return this.body;
    if (typeof raw === 'string') {
      const typed = this.contentType !== undefined || this.headerMap?.['content-type'] !== undefined;
      return typed ? raw : encoder.encode(raw);
    }
    return raw instanceof Uint8Array ? (raw as Uint8Array<ArrayBuffer>) : this.body;
  }
}
