import type { RouteResult } from '@framework/router-contract';
import {
  type AttributeMap,
  EMPTY_ATTRIBUTES,
  flattenAttributes,
  readAttribute,
  ROUTE_RESULT_ATTRIBUTE,
  withAttributeValue,
  withAttributeValues,
  withoutAttributeValue,
  withRouteAttributes,
} from './attributes';
import { assertIdentityCoding } from './content-coding';
import type { Platform } from '../fetch/platform';
import { checkOptionKeys } from '../application/option-keys';
import { DEFAULT_MAX_JSON_DEPTH } from './json-depth';
import {
  isJsonMediaType,
  isUtf8Charset,
  mediaTypeOf,
  unsupportedCharset,
  unsupportedMediaType,
} from './media-type';
import { DEFAULT_MAX_FORM_FIELDS, type FormFields, parseFormBody } from './parse-form-body';
import { parseJsonBody } from './parse-json-body';
import { DEFAULT_BODY_LIMIT } from './read-body';
import type { ParsedQuery } from './parse-query';
import type { RequestHeaders } from './request-headers';
import { normalizeMethod } from './request-method';
import { type RequestSource, WebRequestSource } from './request-source';
import { buildWebRequest } from './to-web-request';
import { compileTrustProxy, type TrustProxy } from './trust-proxy';

/** Route params: one string per placeholder, in an object that inherits no property. */
export type RouteParams = Readonly<Record<string, string>>;

const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';
const JSON_OPTION_KEYS: readonly string[] = ['anyContentType', 'maxDepth'];
const FORM_OPTION_KEYS: readonly string[] = ['maxFields'];

const utf8 = /* @__PURE__ */ new TextDecoder('utf-8', { ignoreBOM: true });

const NO_PARAMS: RouteParams = /* @__PURE__ */ Object.freeze(Object.create(null)) as RouteParams;

/** Options of `ServerRequest.fromRequest` (and of `fromNodeRequest` in `@framework/node-server`). */
export interface ServerRequestOptions {
  /** Largest body the readers accept, in bytes (default 1 MiB); larger bodies reject with a 413 error. */
  readonly bodyLimit?: number;
  /** Which proxies' `Forwarded` / `X-Forwarded-For` headers `clientAddress` believes (default: none). */
  readonly trustProxy?: TrustProxy;
  /** `fromRequest` only: the address of the connection's peer, as the runtime reports it. */
  readonly clientAddress?: string;
  /** `fromRequest` only: what the runtime knows beyond the request, read through `request.platform`. */
  readonly platform?: Platform;
}

/**
 * The request a middleware or handler receives. Immutable: every `with*` method returns a new request
 * sharing the same underlying message. `Params` types `params` from the route's path template.
 *
 * @example
 * app.get('/post/{id}', async (request) => {
 *   const id: string = request.params.id; // typed from '/post/{id}'
 *   const page = request.query.page;
 *   return new JsonResponse({ id, page, user: request.getAttribute('user', null) });
 * });
 */
export class ServerRequest<Params extends RouteParams = RouteParams> {
  private constructor(
    private readonly source: RequestSource,
    /** The HTTP method as a WHATWG `Request` reads it (`delete` gives `DELETE`; see `normalizeMethod`). */
    readonly method: string,
    /** The path this pipe level sees (percent-encoded, no query); a mount prefix is removed. */
    readonly path: string,
    /** The mount prefixes removed from the path so far (`''` at the top level, `'/api'` inside `pipe('/api', …)`). */
    readonly basePath: string,
    private attributes: AttributeMap,
    /** The body limit the body readers apply, in bytes (the `bodyLimit` option, or `withBodyLimit()`). */
    readonly bodyLimit: number,
    /**
     * The route result `withRouteResult` attached, whose link of `attributes` (the result and each
     * param) is built only when another attribute is added or all are listed: routing then costs one
     * request object, and the result and params are read from here.
     */
    private route: RouteResult | undefined = undefined,
  ) {}

  /**
   * The request of a `RequestSource`: how a server package hands its runtime's requests to an
   * application (`fromNodeRequest` of `@framework/node-server` does this). Nothing is parsed until asked for.
   */
  static fromSource(source: RequestSource, options?: { readonly bodyLimit?: number }): ServerRequest {
    const method = normalizeMethod(source.method);
    return new ServerRequest(source, method, source.path, '', EMPTY_ATTRIBUTES, limitOf(options));
  }

  /** Wraps a WHATWG `Request` (for `fetch()` and tests). */
  static fromRequest(request: Request, options?: ServerRequestOptions): ServerRequest {
    const source = new WebRequestSource(
      request,
      options?.clientAddress,
      compileTrustProxy(options?.trustProxy),
    );
    if (options?.platform !== undefined) source.platform = options.platform;
    return new ServerRequest(source, source.method, source.path, '', EMPTY_ATTRIBUTES, limitOf(options));
  }

  /** The absolute URL as received (`http://host/api/post/1?x=2`), unaffected by mounting. */
  get url(): string {
    return this.source.url();
  }

  /** The full path as received, before any mount prefix was removed. */
  get originalPath(): string {
    return this.source.path;
  }

  /** The raw query string, without `?`. */
  get search(): string {
    return this.source.rawQuery;
  }

  /** Lower-case header names; repeated headers are arrays only for `set-cookie`. */
  get headers(): RequestHeaders {
    return this.source.headers();
  }

  /** Parsed query string (null prototype); repeated keys give arrays. */
  get query(): ParsedQuery {
    return this.source.parsedQuery();
  }

  /**
   * The client's IP address: the connection's peer, or, with the `trustProxy` option, the address the
   * trusted proxies forwarded (`X-Forwarded-For`, or `Forwarded` when chosen). `undefined` when unknown (a closed
   * socket, or `fetch()` without `clientAddress`).
   */
  get clientAddress(): string | undefined {
    return this.source.clientAddress();
  }

  /**
   * Aborted when the client goes away before the answer is written (Node), or when the WHATWG
   * `Request`'s own signal aborts (`fetch()`): pass it to `fetch`, database drivers and timers.
   */
  get signal(): AbortSignal {
    return this.source.signal();
  }

  /**
   * What the runtime that delivered the request knows beyond it: a module worker's `env` and
   * `executionContext`, the peer's `remoteAddress`, the runtime's own `request`; `undefined` where the
   * runtime has none. `getEnv(request)` and `getExecutionContext(request)` read them typed, or throw.
   */
  get platform(): Platform {
    return this.source.platform;
  }

  /** The params of the matched route (typed by its path template), or an empty object before routing. */
  get params(): Params {
    const result =
      this.route ?? (readAttribute(this.attributes, ROUTE_RESULT_ATTRIBUTE) as RouteResult | undefined);
    return (result === undefined ? NO_PARAMS : result.getMatchedParams()) as Params;
  }

  /** One header as a string (repeated values joined with `, `), or undefined. */
  header(name: string): string | undefined {
    const value = this.source.headers()[name.toLowerCase()];
    return Array.isArray(value) ? value.join(', ') : value;
  }

  /** The attribute `name` (set by earlier middleware), else `fallback`. */
  getAttribute<T = unknown>(name: string, fallback?: T): T {
    const value =
      this.route === undefined ? readAttribute(this.attributes, name) : this.routedAttribute(name);
    return (value === undefined ? fallback : value) as T;
  }

  /** All attributes in a null-prototype object. */
  getAttributes(): Record<string, unknown> {
    return flattenAttributes(this.chain());
  }

  /** A copy of this request with the attribute `name` set to `value`; this request is unchanged. */
  withAttribute(name: string, value: unknown): ServerRequest<Params> {
    return this.derive(this.method, this.path, this.basePath, withAttributeValue(this.chain(), name, value));
  }

  /** Adds several attributes in one step. */
  withAttributes(values: Readonly<Record<string, unknown>>): ServerRequest<Params> {
    return this.derive(this.method, this.path, this.basePath, withAttributeValues(this.chain(), values));
  }

  /** Adds a `RouteResult` (attribute `ROUTE_RESULT_ATTRIBUTE`) and each of its params as attributes. */
  // This is the hot path of every routed request: no attribute link until one is needed.
  withRouteResult(result: RouteResult): ServerRequest<Params> {
    const { source, method, path, basePath, bodyLimit } = this;
    return new ServerRequest(source, method, path, basePath, this.chain(), bodyLimit, result);
  }

  /** A copy of this request without the attribute `name`. */
  withoutAttribute(name: string): ServerRequest<Params> {
    return this.derive(this.method, this.path, this.basePath, withoutAttributeValue(this.chain(), name));
  }

  /** A copy of this request with another method (implicit HEAD dispatches as GET this way). */
  withMethod(method: string): ServerRequest<Params> {
    return this.derive(method.toUpperCase(), this.path, this.basePath, this.attributes, this.route);
  }

  /** The same request seen at another path; `basePath` is kept unless given. */
  withPath(path: string, basePath: string = this.basePath): ServerRequest<Params> {
    return this.derive(this.method, path, basePath, this.attributes, this.route);
  }

  /** The same request with another body limit (bytes) for the body readers. */
  withBodyLimit(limit: number): ServerRequest<Params> {
    const { source, method, path, basePath, attributes, route } = this;
    return new ServerRequest(source, method, path, basePath, attributes, limit, route);
  }

  /**
   * The body as bytes (read once, shared by all derived requests; 413 error over the limit). A body
   * with a `Content-Encoding` other than `identity` is a 415 error before it is read: bodies are not
   * decoded (`toRequest()` hands on the coded bytes). On Node the bytes are a `Buffer`.
   */
  async bytes(): Promise<Uint8Array> {
    assertIdentityCoding(this.header('content-encoding'));
    return this.source.readBody(this.bodyLimit);
  }

  /** @deprecated Use `bytes()`, which this calls: the body as a `Uint8Array` (a `Buffer` on Node). */
  buffer(): Promise<Uint8Array> {
    return this.bytes();
  }

  /** The body as bytes, read once and kept; a body over the limit throws `FRAMEWORK_ERR_BODY_TOO_LARGE`. */
  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = await this.bytes();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  /** The body decoded as UTF-8 (an invalid sequence becomes U+FFFD; a byte order mark is kept). */
  async text(): Promise<string> {
    return utf8.decode(await this.bytes());
  }

  /**
   * The body parsed as JSON, safe from prototype poisoning; a 400 error when it is not valid JSON, a
   * 413 error when its arrays and objects nest deeper than `maxDepth` (default 64, checked before
   * parsing). The `Content-Type` must be `application/json` or `application/*+json` without a charset
   * other than UTF-8, else a 415 error before the body is read; `{ anyContentType: true }` parses
   * whatever the type.
   */
  async json<T = unknown>(options?: {
    readonly anyContentType?: boolean;
    readonly maxDepth?: number;
  }): Promise<T> {
    checkOptionKeys('request.json()', options, JSON_OPTION_KEYS);
    const maxDepth = options?.maxDepth ?? DEFAULT_MAX_JSON_DEPTH;
    if (!Number.isInteger(maxDepth) || maxDepth < 1) {
      throw new RangeError(
        `request.json({ maxDepth }) must be a whole number from 1, got ${String(maxDepth)}.`,
      );
    }
    if (options?.anyContentType !== true) {
      const contentType = this.header('content-type');
      const type = mediaTypeOf(contentType);
      if (!isJsonMediaType(type)) {
        throw unsupportedMediaType(
          'request.json()',
          'application/json (or application/*+json)',
          type,
          'Send Content-Type: application/json.',
        );
      }
      if (!isUtf8Charset(contentType)) throw unsupportedCharset('request.json()', contentType);
    }
    return parseJsonBody(await this.text(), maxDepth) as T;
  }

  /**
   * An `application/x-www-form-urlencoded` body as a null-prototype object (a repeated field gives an
   * array), with the body limit and at most `maxFields` fields (default 1000; more is a 413 error).
   * Another content type, or a charset other than UTF-8, is a 415 error; multipart bodies need a
   * multipart parser such as busboy.
   */
  async form(options?: { readonly maxFields?: number }): Promise<FormFields> {
    checkOptionKeys('request.form()', options, FORM_OPTION_KEYS);
    const contentType = this.header('content-type');
    const type = mediaTypeOf(contentType);
    if (type !== FORM_MEDIA_TYPE) {
      throw unsupportedMediaType(
        'request.form()',
        FORM_MEDIA_TYPE,
        type,
        type === 'multipart/form-data'
          ? 'Read multipart bodies with a multipart parser (for example busboy).'
          : `Send Content-Type: ${FORM_MEDIA_TYPE}.`,
      );
    }
    if (!isUtf8Charset(contentType)) throw unsupportedCharset('request.form()', contentType);
    return parseFormBody(await this.text(), options?.maxFields ?? DEFAULT_MAX_FORM_FIELDS);
  }

  /** A WHATWG `Request` with this level's method and path (mount prefix removed) and the same body. */
  toRequest(): Request {
    return buildWebRequest(this.source, this.method, this.path, () => this.source.readBody(this.bodyLimit));
  }

  private derive(
    method: string,
    path: string,
    basePath: string,
    attributes: AttributeMap,
    route?: RouteResult,
  ): ServerRequest<Params> {
    return new ServerRequest(this.source, method, path, basePath, attributes, this.bodyLimit, route);
  }

  /** An attribute read through the pending route link: the result, a param, else the chain below. */
  private routedAttribute(name: string): unknown {
    const route = this.route as RouteResult;
    if (name === ROUTE_RESULT_ATTRIBUTE) return route;
    return route.getMatchedParams()[name] ?? readAttribute(this.attributes, name);
  }

  /** The attribute chain with the pending route link built into it (once). */
  private chain(): AttributeMap {
    const route = this.route;
    if (route !== undefined) {
      this.attributes = withRouteAttributes(this.attributes, route, route.getMatchedParams());
      this.route = undefined;
    }
    return this.attributes;
  }
}

function limitOf(options: ServerRequestOptions | undefined): number {
  return options?.bodyLimit ?? DEFAULT_BODY_LIMIT;
}
