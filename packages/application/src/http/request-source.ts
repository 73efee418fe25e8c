import { NO_PLATFORM, type Platform } from '../fetch/platform';
import { webPathStart } from '../fetch/web-url';
import { type ParsedQuery, parseQuery } from './parse-query';
import { readWebBody } from './read-body';
import type { RequestHeaders } from './request-headers';
import { splitTarget, splitTargetAt } from './split-target';
import { type ProxyTrust, resolveClientAddress } from './trust-proxy';

/**
 * What one incoming request shares between all the `ServerRequest` values derived from it: the raw
 * message, the parsed pieces (computed on first use) and the buffered body (read once).
 *
 * The extension point for runtimes: a server package subclasses it around its own request object
 * (`@framework/node-server` wraps Node's `IncomingMessage`; `ServerRequest.fromRequest` wraps a WHATWG
 * `Request`) and hands it to `ServerRequest.fromSource`, so middleware sees one `ServerRequest` on
 * every runtime. A subclass gives the method, headers, URL, signal, peer address and a body reader;
 * the path, query, client address and the read-once body come from here.
 *
 * @example
 * class MySource extends RequestSource {
 *   readonly method = native.method;
 *   constructor(private readonly native: NativeRequest) { super(native.target, undefined); }
 *   headers() { return native.headers; }
 *   url() { return `http://${native.headers.host}${native.target}`; }
 *   signal() { return native.signal; }
 *   protected readRaw(limit: number) { return readNative(native, limit); }
 *   protected peerAddress() { return native.remoteAddress; }
 * }
 * app.handle(ServerRequest.fromSource(new MySource(native)));
 */
export abstract class RequestSource {
  /** The path as received (percent-encoded, no query). */
  readonly path: string;
  /** The query string as received, without `?`. */
  readonly rawQuery: string;
  /** What the runtime knows beyond the request (`request.platform`); set by whoever made the request. */
  platform: Platform = NO_PLATFORM;
  private query: ParsedQuery | undefined;
  private body: Promise<Uint8Array> | undefined;
  private client: { address: string | undefined } | undefined;

  /**
   * @param target The request target: a path with its query (`/a?b=1`), or an absolute URL.
   * @param trust Whose forwarding headers `clientAddress()` believes: `compileTrustProxy(option)`.
   * @param pathStart Where the path begins in an absolute-URL `target` the runtime already parsed (a
   *   WHATWG `Request`'s `url`): the target is split there, without a second look at its authority.
   */
  protected constructor(
    target: string,
    private readonly trust: ProxyTrust | undefined,
    pathStart?: number,
  ) {
    // This is the hot path: one split, no URL object, and the search runs on the target itself (a
    // substring just sliced off costs JavaScriptCore a copy at its first search).
    const start = pathStart ?? (target.charCodeAt(0) === 47 ? 0 : -1);
    if (start !== -1 && !hasQueryOrFragment(target, start)) {
      const path = start === 0 ? target : target.slice(start);
      this.path = path === '' ? '/' : path;
      this.rawQuery = '';
    } else {
      const split = start === -1 ? splitTarget(target) : splitTargetAt(target, start);
      this.path = split.path;
      this.rawQuery = split.query;
    }
  }

  /** The method as received (`ServerRequest` upper-cases DELETE, GET, HEAD, OPTIONS, POST and PUT). */
  abstract readonly method: string;
  /** Lower-case header names; a repeated header joined with `, `, except `set-cookie` (an array). */
  abstract headers(): RequestHeaders;
  /** The absolute URL (`http://host/path?query`). */
  abstract url(): string;
  /** Aborted when the client goes away before the answer is written. */
  abstract signal(): AbortSignal;
  /**
   * Reads the whole body, rejecting with `bodyTooLarge(limit)` past `limit` bytes and with
   * `requestAborted(cause)` when it ends early. Called at most once.
   */
  protected abstract readRaw(limit: number): Promise<Uint8Array>;
  /** The address of the connection's peer (the client, or the nearest proxy). */
  protected abstract peerAddress(): string | undefined;

  /** The client's address, through the trusted proxies' `Forwarded` / `X-Forwarded-For` (computed once). */
  clientAddress(): string | undefined {
    if (this.client === undefined) {
      this.client = { address: resolveClientAddress(this.peerAddress(), this.headers(), this.trust) };
    }
    return this.client.address;
  }

  /** The query parsed as `querystring.parse` does (computed once). */
  parsedQuery(): ParsedQuery {
    if (this.query === undefined) this.query = parseQuery(this.rawQuery);
    return this.query;
  }

  /** The body, read once and shared; the limit of the first reader applies. */
  readBody(limit: number): Promise<Uint8Array> {
    if (this.body === undefined) this.body = this.readRaw(limit);
    return this.body;
  }
}

/** The source of a WHATWG `Request` (`fetch()`, `ServerRequest.fromRequest`). */
export class WebRequestSource extends RequestSource {
  readonly method: string;
  private headerObject: RequestHeaders | undefined;

  constructor(
    private readonly request: Request,
    private readonly peer: string | undefined,
    trust: ProxyTrust | undefined,
  ) {
    const url = request.url;
    const start = webPathStart(url);
    // The runtime parsed the URL: no second parse per request; another scheme is split as a target.
    super(url, trust, start === -1 ? undefined : start);
    this.method = request.method;
  }

  signal(): AbortSignal {
    return this.request.signal;
  }

  protected peerAddress(): string | undefined {
    return this.peer ?? this.platform.remoteAddress;
  }

  headers(): RequestHeaders {
    if (this.headerObject === undefined) {
      const headers: Record<string, string | string[]> = Object.create(null);
      this.request.headers.forEach((value, name) => {
        headers[name] = value;
      });
      const cookies = this.request.headers.getSetCookie();
      if (cookies.length > 0) headers['set-cookie'] = cookies;
      this.headerObject = headers as RequestHeaders;
    }
    return this.headerObject;
  }

  /**
   * The request's URL; on `http://localhost` when the runtime gave a bare path, as Bun does for a `Host`
   * that is no authority (`Host: a@b`), so `url` stays absolute as Node serves a request without `Host`.
   */
  url(): string {
    const url = this.request.url;
    return url.charCodeAt(0) === 47 /* / */ ? `http://localhost${url}` : url;
  }

  protected readRaw(limit: number): Promise<Uint8Array> {
    return readWebBody(this.request, limit);
  }
}

/** Whether `target` holds a `?` or `#` from `start` on: one pass over the path (two `indexOf` cost more). */
function hasQueryOrFragment(target: string, start: number): boolean {
  for (let i = start; i < target.length; i++) {
    const code = target.charCodeAt(i);
    if (code === 63 /* ? */ || code === 35 /* # */) return true;
  }
  return false;
}
