import type { IncomingHttpHeaders } from 'node:http';
import { type ParsedUrlQuery, parse as parseQuery } from 'node:querystring';
import { NO_PLATFORM, type Platform } from '../fetch/platform';
import { readNodeBody, readWebBody } from './read-body';
import type { NodeRequest, NodeResponse } from './node-message';
import { splitTarget } from './split-target';
import { type ProxyTrust, resolveClientAddress } from './trust-proxy';

/**
 * What one incoming request shares between all the `ServerRequest` values derived from it: the raw
 * message, the parsed pieces (computed on first use) and the buffered body (read once).
 */
export abstract class RequestSource {
  readonly path: string;
  readonly rawQuery: string;
  /** What the runtime knows beyond the request (`request.platform`); set by whoever made the request. */
  platform: Platform = NO_PLATFORM;
  private query: ParsedUrlQuery | undefined;
  private body: Promise<Buffer> | undefined;
  private client: { address: string | undefined } | undefined;

  protected constructor(
    target: string,
    private readonly trust: ProxyTrust | undefined,
  ) {
    // This is the hot path: one split, no URL object.
    const question = target.charCodeAt(0) === 47 ? target.indexOf('?') : -2;
    if (question === -1 && target.indexOf('#') === -1) {
      this.path = target;
      this.rawQuery = '';
    } else {
      const split = splitTarget(target);
      this.path = split.path;
      this.rawQuery = split.query;
    }
  }

  abstract readonly method: string;
  abstract headers(): IncomingHttpHeaders;
  /** The absolute URL (`http://host/path?query`). */
  abstract url(): string;
  /** Aborted when the client goes away before the answer is written. */
  abstract signal(): AbortSignal;
  protected abstract readRaw(limit: number): Promise<Buffer>;
  /** The address of the connection's peer (the client, or the nearest proxy). */
  protected abstract peerAddress(): string | undefined;

  /** The client's address, through the trusted proxies' `Forwarded` / `X-Forwarded-For` (computed once). */
  clientAddress(): string | undefined {
    if (this.client === undefined) {
      this.client = { address: resolveClientAddress(this.peerAddress(), this.headers(), this.trust) };
    }
    return this.client.address;
  }

  parsedQuery(): ParsedUrlQuery {
    if (this.query === undefined) this.query = parseQuery(this.rawQuery);
    return this.query;
  }

  /** The body, read once and shared; the limit of the first reader applies. */
  readBody(limit: number): Promise<Buffer> {
    if (this.body === undefined) this.body = this.readRaw(limit);
    return this.body;
  }
}

export class NodeRequestSource extends RequestSource {
  readonly method: string;

  private controller: AbortController | undefined;

  constructor(
    private readonly req: NodeRequest,
    private readonly res: NodeResponse | undefined,
    trust: ProxyTrust | undefined,
  ) {
    super(req.url ?? '/', trust);
    this.method = req.method ?? 'GET';
  }

  signal(): AbortSignal {
    if (this.controller === undefined) {
      const controller = new AbortController();
      this.controller = controller;
      // Without the response, the closing connection is the only sign that the client left.
      const closing = this.res ?? this.req.socket;
      // writableEnded: Http2ServerResponse has no writableFinished; an answer ended in time counts as written.
      const left = (): boolean => (this.res === undefined ? true : !this.res.writableEnded);
      if (closing === null || closing.destroyed) {
        if (left()) controller.abort();
      } else {
        closing.once('close', () => {
          if (left()) controller.abort();
        });
      }
    }
    return this.controller.signal;
  }

  protected peerAddress(): string | undefined {
    return this.req.socket?.remoteAddress;
  }

  headers(): IncomingHttpHeaders {
    return this.req.headers;
  }

  url(): string {
    const target = this.req.url ?? '/';
    if (target.charCodeAt(0) !== 47) return target;
    const headers = this.req.headers;
    // HTTP/2 names the scheme and host in pseudo-headers.
    const scheme =
      (headers[':scheme'] as string | undefined) ??
      ((this.req.socket as { encrypted?: boolean } | null)?.encrypted === true ? 'https' : 'http');
    const host = headers.host ?? (headers[':authority'] as string | undefined) ?? 'localhost';
    return `${scheme}://${host}${target}`;
  }

  protected readRaw(limit: number): Promise<Buffer> {
    return readNodeBody(this.req, limit);
  }
}

export class WebRequestSource extends RequestSource {
  readonly method: string;
  private headerObject: IncomingHttpHeaders | undefined;

  constructor(
    private readonly request: Request,
    private readonly peer: string | undefined,
    trust: ProxyTrust | undefined,
  ) {
    super(request.url, trust);
    this.method = request.method;
  }

  signal(): AbortSignal {
    return this.request.signal;
  }

  protected peerAddress(): string | undefined {
    return this.peer ?? this.platform.remoteAddress;
  }

  headers(): IncomingHttpHeaders {
    if (this.headerObject === undefined) {
      const headers: Record<string, string | string[]> = Object.create(null);
      this.request.headers.forEach((value, name) => {
        headers[name] = value;
      });
      const cookies = this.request.headers.getSetCookie();
      if (cookies.length > 0) headers['set-cookie'] = cookies;
      this.headerObject = headers as IncomingHttpHeaders;
    }
    return this.headerObject;
  }

  url(): string {
    return this.request.url;
  }

  protected readRaw(limit: number): Promise<Buffer> {
    return readWebBody(this.request, limit);
  }
}
